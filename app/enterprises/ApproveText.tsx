/** The confirmation text of approving an establishment, in the dialog and on the page alike. */
export function ApproveText({ name, lidnummer }: { name: string; lidnummer?: number | null }) {
  return (
    <p>
      Weet u zeker dat u deze vestiging wilt goedkeuren? <strong>{name}</strong> wordt dan actief en zichtbaar
      {lidnummer ? ` en houdt lidnummer ${lidnummer}.` : " en krijgt het volgende vrije lidnummer."}
    </p>
  );
}
