import { BUSINESS } from "~/content/business";
import { formatAud, formatAudRange } from "~/utils/format";

/** Our hourly rate beside what traditional coaching costs. */
export function PriceCompare({ traditionalLabel }: { traditionalLabel: string }) {
  const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);
  const traditionalRange = formatAudRange(BUSINESS.traditionalCoachingPerHour.low, BUSINESS.traditionalCoachingPerHour.high);
  return (
    <div className="price-compare">
      <div className="ours">
        <strong>From {ourRate}/hr</strong>
        Virtual coaching with us
      </div>
      <div>
        <strong>{traditionalRange}/hr</strong>
        {traditionalLabel}
      </div>
    </div>
  );
}
