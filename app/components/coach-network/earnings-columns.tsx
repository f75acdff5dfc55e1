import { formatCents } from "~/billing/describe";

// The columns every earnings line shows, on /coach/earnings and on a statement: the price paid, its
// GST, the platform's fee, the share rate and the coach's share. Each page adds its own date and session cells.

export function EarningsAmountHeadings() {
  return (
    <>
      <th scope="col" className="amount">
        Paid (incl. GST)
      </th>
      <th scope="col" className="amount">
        GST
      </th>
      <th scope="col" className="amount">
        Platform fee
      </th>
      <th scope="col" className="amount">
        Rate
      </th>
      <th scope="col" className="amount">
        Your share
      </th>
    </>
  );
}

export function EarningsAmountCells({ line }: { line: { grossCents: number; gstCents: number; feeCents: number; rate: string; shareCents: number } }) {
  return (
    <>
      <td className="amount">{formatCents(line.grossCents)}</td>
      <td className="amount">{formatCents(line.gstCents)}</td>
      <td className="amount">{formatCents(line.feeCents)}</td>
      <td className="amount">{line.rate}</td>
      <td className="amount">{formatCents(line.shareCents)}</td>
    </>
  );
}
