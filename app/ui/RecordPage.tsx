import type { ReactNode } from "react";
import { Tabs } from "./Tabs";

/** A tab as the loader describes it: its id (also its URL hash), label and marks. */
export interface TabState {
  id: string;
  label: string;
  disabled?: boolean;
  attention?: boolean;
}

/** How each tab's data is shown: one panel a tab id. */
export type TabPanels<Data> = { [K in keyof Data]: (data: NonNullable<Data[K]>) => ReactNode };

/**
 * A record page: its header (title, status buttons, notes) above hash tabs, each tab's panel
 * drawn from its own part of the loader data.
 */
export function RecordPage<Data extends Record<string, unknown>>({
  header,
  label,
  tabs,
  data,
  panels,
}: {
  header: ReactNode;
  /** The tab bar's name for screen readers: 'Onderdelen van het lidmaatschap'. */
  label: string;
  tabs: TabState[];
  data: Data;
  panels: TabPanels<Data>;
}) {
  return (
    <>
      {header}
      <Tabs
        label={label}
        tabs={tabs.map((tab) => {
          const own = data[tab.id as keyof Data];
          return { ...tab, content: tab.disabled || own == null ? null : panels[tab.id as keyof Data](own as NonNullable<Data[keyof Data]>) };
        })}
      />
    </>
  );
}
