-- Holds are limited per source (decision record 008): a card hold keeps a salted hash of the
-- visitor's source (IPv4 address or IPv6 /64) while it is held, and the hold sweep clears it once
-- the hold is paid, released, cancelled or lapsed. The partial index serves both the count and the sweep.
ALTER TABLE bookings ADD COLUMN hold_source TEXT;
CREATE INDEX bookings_hold_source_idx ON bookings (hold_source) WHERE hold_source IS NOT NULL;
