import type { ReactNode } from "react";
import { MONEY_BACK_GUARANTEE } from "~/content/business";
import { Icon } from "./icons";

/** The money-back guarantee banner (SPEC §1), with an optional sentence after it. */
export function Guarantee({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <div className={className ? `guarantee ${className}` : "guarantee"}>
      <span className="icon-badge">
        <Icon name="shield" />
      </span>
      <p>
        <strong>{MONEY_BACK_GUARANTEE}</strong>
        {children ? <> {children}</> : null}
      </p>
    </div>
  );
}
