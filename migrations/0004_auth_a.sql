-- MFA (TOTP): the last RFC 6238 time step a factor accepted. A verification must use a later
-- step, so a code that has been used cannot be replayed within its 90-second acceptance window
-- (RFC 6238 §5.2); the conditional update on this column also settles two concurrent verifies.
ALTER TABLE mfa_factors ADD COLUMN last_totp_step INTEGER;
