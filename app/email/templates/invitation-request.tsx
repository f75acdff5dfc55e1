import { defineEmail } from "./define";
import { Button, Details, Heading, Paragraph } from "./layout";

type Props = { email: string; name: string | null; invitedAt: string; adminUrl: string };

/** To the team: someone's invitation expired before they used it, and they ask for a new one. */
export const invitationRequestEmail = defineEmail<Props>({
  category: "transactional",
  subject: ({ email }) => `New invitation requested: ${email}`,
  reason: "You're receiving this because this address is the ClarityAI Coaching team inbox.",
  text: ({ email, name, invitedAt, adminUrl }) =>
    `${name ?? email} opened their invitation link after it had expired and asked for a new invitation.\n\nEmail: ${email}\nInvited: ${invitedAt}\n\nTheir account is waiting, with no password yet. Invite them again (for a coach, from the application) and they'll get a fresh link, valid for 7 days:\n${adminUrl}`,
  Body: ({ email, name, invitedAt, adminUrl }) => (
    <>
      <Heading>New invitation requested</Heading>
      <Paragraph>{name ?? email} opened their invitation link after it had expired and asked for a new invitation.</Paragraph>
      <Details
        rows={[
          ["Email", email],
          ["Invited", invitedAt],
        ]}
      />
      <Paragraph>
        Their account is waiting, with no password yet. Invite them again (for a coach, from the application) and they&apos;ll get a fresh link, valid for 7
        days.
      </Paragraph>
      <Button href={adminUrl}>Open the admin area</Button>
    </>
  ),
});
