-- A coach is offered on the booking page only once their onboarding is complete
-- (coach_profiles.onboarding_completed_at), and the booking page shows their photo, bio, specialties
-- and industries: a change to any of those bumps the calendar version (0018), so no cached slot view
-- or "next available" times are served from before it. Portal visit times and tax details leave it alone.
CREATE TRIGGER coach_profiles_calendar_insert AFTER INSERT ON coach_profiles
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_profiles_calendar_update AFTER UPDATE OF onboarding_completed_at, bio, specialties, industries, photo_key, photo_updated_at ON coach_profiles
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_profiles_calendar_delete AFTER DELETE ON coach_profiles
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
