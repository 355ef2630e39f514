import type { ReactNode } from "react";
import { Tabs } from "./Tabs";

/** A tab as the loader describes it: its id (its `?tab=`), label and marks. */
export interface TabState {
  id: string;
  label: string;
  disabled?: boolean;
  attention?: boolean;
}

/** How each tab's data is shown: one panel a tab id. */
export type TabPanels<Data> = { [K in keyof Data]: (data: NonNullable<Data[K]>) => ReactNode };

/**
 * A record page: its header (title, status buttons, notes) above its tabs; the open tab's panel
 * is drawn from its part of the loader data (the loader loads no other tab's).
 */
export function RecordPage<Data extends Record<string, unknown>>({
  header,
  label,
  tabs,
  open,
  data,
  panels,
}: {
  header: ReactNode;
  /** The tab bar's name for screen readers: 'Onderdelen van het lidmaatschap'. */
  label: string;
  tabs: TabState[];
  /** The tab the loader loaded. */
  open: string;
  data: Data;
  panels: TabPanels<Data>;
}) {
  return (
    <>
      {header}
      <Tabs
        label={label}
        open={open}
        tabs={tabs.map((tab) => {
          const own = data[tab.id as keyof Data];
          return { ...tab, content: tab.disabled || own == null ? null : panels[tab.id as keyof Data](own as NonNullable<Data[keyof Data]>) };
        })}
      />
    </>
  );
}
