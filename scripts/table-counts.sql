-- Every table's row count as one JSON object ({"public.users": 12, …}): what backup.sh writes into
-- its manifest (counted inside the dumped snapshot) and restore.sh checks a restore against.
select coalesce(json_object_agg(name, rows order by name), '{}')
from (
  select format('%I.%I', table_schema, table_name) as name,
         (xpath('/row/c/text()',
                query_to_xml(format('select count(*) as c from %I.%I', table_schema, table_name),
                             false, true, '')))[1]::text::bigint as rows
  from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
) counted;
