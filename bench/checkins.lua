-- wrk's script for bench/checkins.ts: one check-in per request, as actionMaker
-- (test/helpers/checkin-load.ts) makes them. Each of wrk's threads takes its own share of the
-- members (every T-th, from its own index) and goes round them: in, out, in, out…, each action
-- under a new device id (the time, then `<run>-<thread>-<n>` and a random part, in time order
-- as the web app makes them), with the code of the current window.
-- args: the members file (cookie, CSRF token, shift id per line, tab-separated), the codes
-- file (window, shift id, code per line), the run's name, the number of threads.
local threads = {}
local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local members, codes, run, mine, n, count = {}, {}, nil, 0, 0, 0
recorded, other = 0, 0

function init(args)
  run = args[3]
  local of = tonumber(args[4])
  local i = 0
  for line in io.lines(args[1]) do
    if i % of == index then
      local cookie, csrf, shift = line:match("^([^\t]+)\t([^\t]+)\t([^\t]+)$")
      table.insert(members, { cookie = cookie, csrf = csrf, shift = shift })
    end
    i = i + 1
  end
  for line in io.lines(args[2]) do
    local w, shift, code = line:match("^(%d+)\t(%d+)\t(%d+)$")
    codes[w .. " " .. shift] = code
  end
  count = #members
end

function request()
  local m = members[(n % count) + 1]
  local action = (math.floor(n / count) % 2 == 0) and "in" or "out"
  local now = os.time()
  local code = codes[tostring(math.floor(now / 300)) .. " " .. m.shift]
  -- The id as the web app makes it (web/src/components/pickets/queue.ts, actionId): the time in
  -- milliseconds (here the second and a count) in 12 hex digits, then a random part.
  local body = string.format('{"actions":[{"id":"%012x-%s-%d-%08d-%08x","shiftId":%s,"action":"%s","at":"%s","code":"%s"}]}',
    now * 1000 + n % 1000, run, index, n, math.random(0, 0x7fffffff), m.shift, action, os.date("!%Y-%m-%dT%H:%M:%S.000Z", now), code)
  n = n + 1
  return wrk.format("POST", "/api/pickets/check-ins", { ["Content-Type"] = "application/json", ["Cookie"] = m.cookie, ["X-CSRF-Token"] = m.csrf }, body)
end

function response(status, headers, body)
  if status == 200 and body:find('"outcome":"recorded"', 1, true) then recorded = recorded + 1 else other = other + 1 end
end

function done(summary, latency, requests)
  local r, o = 0, 0
  for _, t in ipairs(threads) do
    r = r + t:get("recorded")
    o = o + t:get("other")
  end
  io.write(string.format('WRK {"requests":%d,"durationUs":%d,"recorded":%d,"other":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"status":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, r, o, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
