import { PathLink } from "../ui/PathLink";
import { StatusButtons } from "../ui/StatusButtons";

/** What the header shows of an establishment: plain data, as the page's loader sends it. */
export interface EnterpriseHeaderData {
  name: string;
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
  member: { id: number; name: string; associate: boolean };
}

/**
 * The top of an establishment's page: its name, '(Niet-lid)' for an associate membership (a link
 * to that membership where the viewer may open it), and the status buttons: admins switch them
 * (refused buttons show why instead), others see the state.
 */
export function EnterpriseHeader({
  enterprise,
  admin,
  action,
  memberLink,
  refusal,
}: {
  enterprise: EnterpriseHeaderData;
  admin: boolean;
  /** Where the status buttons post: the page itself. */
  action: string;
  /** The membership's page for this viewer (admins: memberEditPath), or null. */
  memberLink: string | null;
  /** From enterpriseStatusRefusal(). */
  refusal?: { inactive?: string; hidden?: string };
}) {
  return (
    <>
      <h1 className="member-heading">
        {enterprise.name}
        {enterprise.member.associate ? (
          <span className="member-heading__note">
            {" "}
            {memberLink ? (
              <PathLink to={memberLink} title={`Lidmaatschap ${enterprise.member.name}`}>
                (Niet-lid)
              </PathLink>
            ) : (
              "(Niet-lid)"
            )}
          </span>
        ) : null}
      </h1>
      <StatusButtons
        approved={enterprise.approved}
        inactive={enterprise.inactive}
        hidden={enterprise.hidden}
        action={action}
        readOnly={!admin}
        refusal={refusal}
      />
    </>
  );
}
