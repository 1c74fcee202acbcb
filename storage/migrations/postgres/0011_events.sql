-- Reserved for league events (branch leagues, which brings the real 0011_events.sql): on a
-- merge its file replaces this one. Nothing to do here.
SELECT 1;
