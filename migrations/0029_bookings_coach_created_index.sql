-- The coach dashboard's "new since your last visit" (app/coach-network/portal.server.ts) asks for a
-- coach's bookings made after a time, newest first, with their count. Without this index SQLite
-- walks every booking the coach has ever had (bookings_coach_starts_idx) to find the few new ones.
CREATE INDEX bookings_coach_created_idx ON bookings (coach_id, created_at);
