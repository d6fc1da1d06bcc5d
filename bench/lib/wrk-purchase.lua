-- wrk script of the purchase bench (bench/lib/wrk.ts): every request is a /customer/purchase with
-- its own one-time key. wrk is C: its client costs the server almost no CPU on a 2-core machine,
-- as pgbench's C client costs PostgreSQL nothing, so the API is compared on fair terms.
--
-- Arguments (after `--`): the load file, the number of wrk threads and the amount in currency units. The load file has one item
-- per line: "S <uid> <token>" (a cashier session), "C <customer id>", "K <key>". Thread t uses the
-- keys whose position p satisfies p % threads == t, so no key is ever sent twice.
--
-- A run is valid only if every reply is HTTP 200 with status 0: response() counts the others and
-- done() prints the counts (one "wrk-result" line, and the first failure) for wrk.ts to parse.

local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

local sessions, customers, keys = {}, {}, {}
local nextKey, sent = 1, 0
ok, failures, firstFailure, exhausted = 0, 0, "", 0

function init(args)
  local nthreads = tonumber(args[2])
  amount = args[3]
  local position = 0
  for line in io.lines(args[1]) do
    local kind, a, b = line:match("^(%u) (%S+) ?(%S*)$")
    if kind == "S" then
      table.insert(sessions, { uid = a, token = b })
    elseif kind == "C" then
      table.insert(customers, a)
    elseif kind == "K" then
      if position % nthreads == tid then table.insert(keys, a) end
      position = position + 1
    end
  end
end

local headers = { ["Content-Type"] = "text/plain" }

function request()
  local key = keys[nextKey]
  if key == nil then
    -- Out of keys: stop this thread. The request returned here is harmless and not a purchase.
    exhausted = 1
    wrk.thread:stop()
    return wrk.format("POST", "/API/config/localtime", headers, "{}")
  end
  nextKey = nextKey + 1
  sent = sent + 1
  -- Spread over sessions (drawers) and customers like the Node client: 7919 is prime, so every
  -- customer is visited before one repeats.
  local s = sessions[(sent % #sessions) + 1]
  local customer = customers[((sent * 7919 + tid) % #customers) + 1]
  local body = '{"UID":' .. s.uid .. ',"TOKEN":"' .. s.token .. '","id":' .. customer .. ',"key":"' .. key .. '","amount":' .. amount .. '}'
  return wrk.format("POST", "/API/customer/purchase", headers, body)
end

function response(status, _, body)
  if exhausted == 1 then return end
  -- The reply starts with its status: the envelope always puts it first.
  if status == 200 and body:match('^{"status":0[,}]') then
    ok = ok + 1
  else
    failures = failures + 1
    if firstFailure == "" then firstFailure = status .. " " .. (body:sub(1, 300):gsub("\n", " ")) end
  end
end

function done(summary, latency, _)
  local okAll, failuresAll, exhaustedAny, first = 0, 0, 0, ""
  for _, t in ipairs(threads) do
    okAll = okAll + t:get("ok")
    failuresAll = failuresAll + t:get("failures")
    exhaustedAny = math.max(exhaustedAny, t:get("exhausted"))
    if first == "" then first = t:get("firstFailure") end
  end
  local e = summary.errors
  io.write(string.format(
    "wrk-result requests=%d duration_us=%d ok=%d failures=%d exhausted=%d socket_errors=%d http_errors=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration, okAll, failuresAll, exhaustedAny, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
  io.write("wrk-first-failure " .. first .. "\n")
end
