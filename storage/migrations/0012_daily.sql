-- Reserved for the daily deal (branch leagues, which brings the real 0012_daily.sql): on a
-- merge its file replaces this one. Nothing to do here.
SELECT 1;
