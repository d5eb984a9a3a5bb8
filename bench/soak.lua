-- The request mix of bench/soak.ts for wrk: run it through that script, which writes the request
-- file and reads the line this prints when the run is done.
--
--   wrk -s bench/soak.lua <url> -- <request file> <hot lines> <hot share> <seed>
--
-- Each line of the request file is METHOD<TAB>path[<TAB>Header: value]... Half the requests (the
-- hot share) go to the first lines, few enough to stay in the service's response cache; the rest
-- are drawn from all the lines, too many for it, so the cache keeps evicting.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  requests = {}
  for line in io.lines(args[1]) do
    local fields = {}
    for field in line:gmatch("[^\t]+") do table.insert(fields, field) end
    local headers = {}
    for i = 3, #fields do
      local name, value = fields[i]:match("^([^:]+): (.*)$")
      headers[name] = value
    end
    table.insert(requests, wrk.format(fields[1], fields[2], headers))
  end
  hot = tonumber(args[2])
  hot_share = tonumber(args[3])
  -- A seed per thread: the same seed everywhere would send the same sequence on every thread.
  math.randomseed(tonumber(args[4]) + id)
  -- Responses by status class: classes[2] counts the 2xx, and so on.
  classes = { 0, 0, 0, 0, 0 }
end

function request()
  if math.random() < hot_share then return requests[math.random(hot)] end
  return requests[math.random(#requests)]
end

function response(status)
  local class = math.floor(status / 100)
  classes[class] = classes[class] + 1
end

function done(summary, latency)
  local classes = { 0, 0, 0, 0, 0 }
  for _, thread in ipairs(threads) do
    for class, count in ipairs(thread:get("classes")) do classes[class] = classes[class] + count end
  end
  local e = summary.errors
  -- One JSON line for bench/soak.ts; times in microseconds.
  io.write(string.format(
    'SOAK {"duration_us":%d,"requests":%d,"bytes":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"status":[%d,%d,%d,%d,%d],"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.duration, summary.requests, summary.bytes, latency:percentile(50),
    latency:percentile(99), latency.max, classes[1], classes[2], classes[3], classes[4],
    classes[5], e.connect, e.read, e.write, e.timeout))
end
