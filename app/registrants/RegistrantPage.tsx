import { Form } from "react-router";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { RegistrantEmploymentsTab } from "../employments/RegistrantEmploymentsTab";
import { RecordPage } from "../ui/RecordPage";
import { SaveCancel } from "../ui/SaveCancel";
import { StatusButtons } from "../ui/StatusButtons";
import { TriStateSheet } from "../ui/TriStateSheet";
import { ProfileForm } from "./ProfileForm";
import type { RegistrantActionData, RegistrantPage } from "./record.server";
import {
  ACCREDITATION_LABEL,
  ACCREDITATION_SAVE_INTENT,
  QUALIFICATIONS_SAVE_INTENT,
  SPECIALISATIONS_SHEET,
  type AccreditationData,
  type QualificationsData,
} from "./tabs";
import { tabPath } from "../ui/tab-path";

const TAB_LABEL = "Onderdelen van de professional";

/**
 * A professional as a record page: the admin's add and edit pages (status buttons, tab
 * Accreditatie) and the own page 'Mijn FITNED.NL'. The three route modules render this page.
 */
export function RegistrantRecordPage({ loaderData: page, actionData }: { loaderData: RegistrantPage; actionData?: RegistrantActionData }) {
  return (
    <RecordPage
      header={
        <>
          <h1>
            {page.title}
            {page.subtitle ? <span className="member-heading__note"> {page.subtitle}</span> : null}
          </h1>
          {page.status && page.admin ? <StatusButtons {...page.status} action={page.path} /> : null}
        </>
      }
      label={TAB_LABEL}
      tabs={page.tabs}
      open={page.open}
      data={page.data}
      panels={{
        persoonsgegevens: (profile) => (
          <ProfileForm
            // A new key after a save starts the form from the stored values.
            key={JSON.stringify([profile.values, profile.photo, profile.account])}
            data={profile}
            action={actionData?.profile}
          />
        ),
        specialisaties: (sheet) => (
          <TriStateSheet
            // A new key after a post starts the sheet from the stored values, or from what the server showed again.
            key={JSON.stringify([sheet.groups, actionData?.specialisations ?? null])}
            spec={SPECIALISATIONS_SHEET}
            groups={sheet.groups}
            path={sheet.path}
            cancelHref={sheet.cancelHref}
            readOnly={false}
            action={actionData?.specialisations}
          />
        ),
        diplomas: (qualifications) => <QualificationsTab key={JSON.stringify(qualifications.items)} data={qualifications} />,
        accreditatie: (accreditation) => <AccreditationTab key={accreditation.accreditationTotal} data={accreditation} />,
        sportcentra: (employments) => <RegistrantEmploymentsTab data={employments} />,
      }}
    />
  );
}

/** Tab Diploma's: admins tick the diplomas a professional holds; the professional sees them. */
function QualificationsTab({ data }: { data: QualificationsData }) {
  const highest = (
    <p>
      Hoogste niveau: <strong>{data.highestLevel ?? "nog geen diploma"}</strong>
    </p>
  );
  if (!data.editable) {
    return (
      <>
        {highest}
        {data.items.length ? (
          <ul className="qualification-list">
            {data.items.map((q) => (
              <li key={q.id}>
                {q.name} <span className="form__note">({q.level}{q.recognized ? ", erkend" : ""})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>Er zijn nog geen diploma's vastgelegd.</p>
        )}
        <p className="form__note">Uw diploma's worden door de vereniging vastgelegd.</p>
      </>
    );
  }
  return (
    <Form method="post" action={tabPath(data.path, "diplomas")}>
      {highest}
      <fieldset>
        <legend>Diploma's van de professional</legend>
        {data.items.length === 0 ? <p className="form__note">Er zijn nog geen diploma's in de catalogus.</p> : null}
        {data.items.map((q) => (
          <div key={q.id} className="field field--checkbox">
            <input type="checkbox" id={`qualification-${q.id}`} name="qualifications[]" value={q.id} defaultChecked={q.held} />
            <label htmlFor={`qualification-${q.id}`}>
              {q.name} <span className="form__note">({q.level}{q.recognized ? ", erkend" : ""})</span>
            </label>
          </div>
        ))}
      </fieldset>
      <SaveCancel cancelHref={data.cancelHref} save={{ name: "intent", value: QUALIFICATIONS_SAVE_INTENT }} />
    </Form>
  );
}

/** Tab Accreditatie (admins): the accreditation total as free text. */
function AccreditationTab({ data }: { data: AccreditationData }) {
  return (
    <Form method="post" action={tabPath(data.path, "accreditatie")}>
      <div className="field">
        <label htmlFor="accreditationTotal">{ACCREDITATION_LABEL}</label>
        <textarea id="accreditationTotal" name="accreditationTotal" rows={4} defaultValue={data.accreditationTotal} maxLength={10_000} />
      </div>
      <SaveCancel cancelHref={data.cancelHref} save={{ name: "intent", value: ACCREDITATION_SAVE_INTENT }} />
    </Form>
  );
}

export const registrantHandle: RouteHandle<RegistrantPage> = { breadcrumbs: (page) => page.crumbs };

export function registrantMeta({ data }: { data?: RegistrantPage }) {
  return [{ title: `${data?.title ?? "FITNED.NL"} – Ledenportaal` }];
}

export function noStore() {
  return { "Cache-Control": "no-store" };
}
