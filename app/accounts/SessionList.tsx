import { Form } from "react-router";
import { formatDateTime } from "../lib/format";

export interface SessionListItem {
  device: string;
  signedIn: string;
  lastActive: string;
  current: boolean;
}

/**
 * The devices signed in to the account, with 'Uitloggen op alle andere apparaten'. While an admin
 * imitates the account the list is shown but cannot be changed.
 */
export function SessionList({ sessions, imitating }: { sessions: SessionListItem[]; imitating: boolean }) {
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Ingelogde apparaten</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Apparaat</th>
              <th scope="col">Ingelogd sinds</th>
              <th scope="col">Laatst actief</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s, i) => (
              <tr key={i}>
                <td>
                  {s.device || "Onbekend apparaat"}
                  {s.current ? <strong> (dit apparaat)</strong> : null}
                </td>
                <td>{formatDateTime(s.signedIn)}</td>
                <td>{formatDateTime(s.lastActive)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {imitating ? (
        <p className="form__note">U imiteert deze gebruiker. Alleen de gebruiker zelf kan andere apparaten uitloggen.</p>
      ) : (
        <Form method="post" className="form__actions">
          <input type="hidden" name="intent" value="logout-others" />
          <button type="submit" className="button button--secondary">
            Uitloggen op alle andere apparaten
          </button>
        </Form>
      )}
    </section>
  );
}
