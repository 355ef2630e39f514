import type { FieldMetadata } from "@conform-to/react";
import { EMPTY_SOCIAL_LINK, PLATFORMS, SOCIAL_LABELS as L, type SocialLink } from "../lib/social-links";
import { Field, SelectField } from "./Field";
import { RowRemoveButton, type AnyForm } from "./RowRemoveButton";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rows are the same in every form that has them
type SocialLinksMeta = FieldMetadata<SocialLink[], any, string[]>;

/** The social-media rows' names in the error summary: 'Platform 1', 'Link 1', … */
export function socialLinkLabels(list: SocialLinksMeta): Record<string, string> {
  return Object.fromEntries(
    list.getFieldList().flatMap((row, i) => [
      [`${row.name}.platform`, `${L.platform} ${i + 1}`],
      [`${row.name}.link`, `${L.link} ${i + 1}`],
    ]),
  );
}

/**
 * Social media links (an establishment's, a professional's): rows of platform and link, added
 * and removed with Conform's list buttons, which without JavaScript are submits that show the
 * form again with the change (nothing saved). At least one row always shows.
 */
export function SocialLinksFieldset({
  form,
  list,
}: {
  form: AnyForm;
  list: SocialLinksMeta;
}) {
  const rows = list.getFieldList();
  return (
    <fieldset>
      <legend>{L.social}</legend>
      {rows.map((row, i) => {
        const social = row.getFieldset();
        return (
          <div key={row.key} className="info-row" role="group" aria-label={`${L.social} ${i + 1}`}>
            <SelectField meta={social.platform} label={`${L.platform} ${i + 1}`} options={PLATFORMS} />
            <Field meta={social.link} label={`${L.link} ${i + 1}`} type="url" />
            <RowRemoveButton form={form} list={list} index={i} count={rows.length} empty={EMPTY_SOCIAL_LINK} label={`${L.social} ${i + 1}`} />
          </div>
        );
      })}
      <button type="submit" {...form.insert.getButtonProps({ name: list.name, defaultValue: EMPTY_SOCIAL_LINK })} className="button button--secondary">
        {L.addSocial}
      </button>
    </fieldset>
  );
}
