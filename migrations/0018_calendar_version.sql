-- The calendar version (decision records 005 and 008): one number that changes with every write that
-- can change which times are offered, so a cached slot view can be keyed on it and is never served
-- after such a write. The triggers bump it in the same statement as the write (a booking, a hold and
-- its end, a coach's schedule, date overrides and time off, the coach role, the booking types), so no
-- code path can forget to. Writes that cannot move a time (notes, reminders, payments) leave it alone.
CREATE TABLE calendar_version (
  id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO calendar_version (id, version) VALUES (1, 1);

CREATE TRIGGER bookings_calendar_insert AFTER INSERT ON bookings
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER bookings_calendar_update AFTER UPDATE OF coach_id, booking_type_id, starts_at, ends_at, status, hold_expires_at ON bookings
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER bookings_calendar_delete AFTER DELETE ON bookings
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER coach_schedules_calendar_insert AFTER INSERT ON coach_schedules
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_schedules_calendar_update AFTER UPDATE ON coach_schedules
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_schedules_calendar_delete AFTER DELETE ON coach_schedules
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER coach_date_overrides_calendar_insert AFTER INSERT ON coach_date_overrides
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_date_overrides_calendar_update AFTER UPDATE ON coach_date_overrides
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_date_overrides_calendar_delete AFTER DELETE ON coach_date_overrides
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER coach_time_off_calendar_insert AFTER INSERT ON coach_time_off
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_time_off_calendar_update AFTER UPDATE ON coach_time_off
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER coach_time_off_calendar_delete AFTER DELETE ON coach_time_off
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;

-- Only coaches with the coach role are offered (app/booking/catalogue.server.ts).
CREATE TRIGGER user_roles_calendar_insert AFTER INSERT ON user_roles WHEN NEW.role = 'coach'
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER user_roles_calendar_update AFTER UPDATE ON user_roles WHEN NEW.role = 'coach' OR OLD.role = 'coach'
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER user_roles_calendar_delete AFTER DELETE ON user_roles WHEN OLD.role = 'coach'
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;

-- A type's length, notice and whether it is offered shape its times.
CREATE TRIGGER booking_types_calendar_insert AFTER INSERT ON booking_types
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER booking_types_calendar_update AFTER UPDATE ON booking_types
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER booking_types_calendar_delete AFTER DELETE ON booking_types
BEGIN
  UPDATE calendar_version SET version = version + 1 WHERE id = 1;
END;
