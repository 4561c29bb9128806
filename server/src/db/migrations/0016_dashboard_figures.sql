-- The dashboard's figures (modules/dashboard/service.ts) come from one function whose statement
-- always runs on its kept (generic) plan. As a prepared statement from the server, PostgreSQL
-- chose per call between that plan and planning it again with the values, by estimates: on the
-- reference bench dataset it kept the plan (0.5 ms a call), but after the inbound run had added
-- 10,000 contacts, tickets and cycles it planned every call again (1.0 ms a call, 0.57 ms of it
-- planning), for the same index scans (bench/README, "… (2026-11-26): the dashboard's kept plan").
--
-- Every counter and attendant figure for one company and period: the period's whole days
-- [first_day, end_day) from the daily totals (a row per day and attendant), the partial days at
-- its ends [from_at, first_at) and [end_at, to_at) from the cycles and contacts themselves,
-- grouped per attendant plus one total row (grouping sets). The "now" counters come from
-- ticket_counts. The total row also carries the company's users by name (every attendant has a
-- row in the answer, with or without cycles). Durations are exact microseconds.
CREATE FUNCTION "dashboard_figures"(company integer, from_at timestamptz, to_at timestamptz, first_day date, end_day date, first_at timestamptz, end_at timestamptz)
RETURNS TABLE (user_id integer, is_total boolean, tickets integer, avg_support float8, rating float8, count_rating integer, avg_wait float8, leads integer, open integer, pending integer, people json)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  -- the partial days at the period's two ends
  with ends (lo, hi) as (values (from_at, first_at), (end_at, to_at)),
    parts as (
      select d.user_id, d.finished, d.talked, d.talk_us, d.rated, d.rate_sum, d.waited, d.wait_us, d.leads
        from dashboard_days d where d.company_id = company and d.day >= first_day and d.day < end_day
      union all
      select c.user_id, 1, (c.started_at is not null)::int, coalesce(round(extract(epoch from c.finished_at - c.started_at) * 1000000)::bigint, 0), (c.rate is not null)::int, coalesce(c.rate, 0), 0, 0::bigint, 0
        from ends e join ticket_trackings c on c.company_id = company and c.finished_at >= e.lo and c.finished_at < e.hi
      -- the average wait and the new contacts are the company's alone: these rows need no attendant
      union all
      select null, 0, 0, 0::bigint, 0, 0, 1, round(extract(epoch from c.started_at - c.queued_at) * 1000000)::bigint, 0
        from ends e join ticket_trackings c on c.company_id = company and c.started_at >= e.lo and c.started_at < e.hi and c.started_at > c.queued_at
      union all
      select null, 0, 0, 0::bigint, 0, 0, 0, 0::bigint, count(*)::int
        from ends e join contacts k on k.company_id = company and k.created_at >= e.lo and k.created_at < e.hi and not k.is_group)
  select p.user_id, grouping(p.user_id) = 1, coalesce(sum(p.finished), 0)::int,
    (sum(p.talk_us) / nullif(sum(p.talked), 0) / 60e6)::float8,
    (sum(p.rate_sum)::numeric / nullif(sum(p.rated), 0))::float8, coalesce(sum(p.rated), 0)::int,
    (sum(p.wait_us) / nullif(sum(p.waited), 0) / 60e6)::float8, coalesce(sum(p.leads), 0)::int,
    (select coalesce(sum(n.n), 0)::int from ticket_counts n where n.company_id = company and n.status = 'open'),
    (select coalesce(sum(n.n), 0)::int from ticket_counts n where n.company_id = company and n.status = 'pending'),
    case when grouping(p.user_id) = 1 then
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'online', u.online) order by u.name, u.id), '[]') from users u where u.company_id = company)
    end
  from parts p
  group by grouping sets ((p.user_id), ());
END $$;
