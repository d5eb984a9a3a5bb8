-- A new ranked search at each request, as an agent sends them, for wrk (bench/load.ts): five words
-- of what the bundled CLIs do, in an order no other request of the run has, so that the service's
-- response cache never answers; and Accept-Encoding as Deno's, Node's and browsers' clients send
-- it, so that the answer is compressed as theirs are. The argument is where the run's orders
-- start: a run after another on the same service starts past the first's.
--
--   wrk -s bench/new_searches.lua <url of the service> -- <start>

local words = {
  "list", "running", "containers", "commit", "files", "branch", "logs", "pod", "image",
  "delete", "status", "remote", "push", "merge", "diff", "search", "json", "filter", "copy",
  "service",
}
local n = 0

function init(args)
  n = tonumber(args[1]) or 0
end

function request()
  n = n + 1
  local query = {}
  local rest = n
  for i = 1, 5 do
    query[i] = words[(rest % #words) + 1]
    rest = math.floor(rest / #words)
  end
  local path = "/search?mode=ranked&limit=10&query=" .. table.concat(query, "%20")
  return wrk.format("GET", path, { ["Accept-Encoding"] = "gzip, deflate, br" })
end
