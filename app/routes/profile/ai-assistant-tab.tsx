import { Link } from "@remix-run/react";

export function AiAssistantTab() {
  return (
    <section aria-labelledby="ai-heading" className="profile-panel">
      <h2 id="ai-heading">ClarityAI, your AI business coach</h2>
      <p>
        ClarityAI is our 24/7 AI business coach, sold by subscription in two tiers, Lite and Pro. It isn't connected to your profile yet: when it is, this tab
        will show your plan, and ClarityAI will use the industry in your details to tailor its suggested prompts.
      </p>
      <p>Until then, you can compare the plans and see what it can help with.</p>
      <div className="button-row">
        <Link to="/services#clarityai" className="button button-primary">
          View Plans
        </Link>
        <Link to="/services/clarityai" className="button button-secondary">
          Learn more about ClarityAI
        </Link>
      </div>
    </section>
  );
}
