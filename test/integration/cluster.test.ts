// Many replicas behind a real load balancer, on this machine: three replicas of the server on loopback
// ports, sharing the real Postgres and Redis, behind Debian's nginx running deploy/nginx/
// engagement-signal.conf (only its ports, listen address and log directory replaced), with clients
// sending at a steady rate through nginx. Scenarios: one replica SIGKILLed; a rolling restart; the
// per-key limit across replicas; and, under libfaketime, 02:00 Berlin passing over three replicas that
// share one clock, with webhook endpoints on a receiver on the loopback (one delivery of the new day's
// pick each, retries with one webhook-id, and a delivery whose replica is SIGKILLed mid-attempt delivered
// by another). Each prints its figures (requests sent, failed, retried by nginx, p99).
//
// Skipped, with a warning, without nginx, DATABASE_URL or REDIS_URL; in CI (CI set) never: there a
// missing one is an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/modules/api-keys/api-keys.service.js';
import { MESSAGES } from '../../src/http/errors.js';
import type { Db } from '../../src/infra/prisma.js';
import { clearOfContentDayChange } from '../helpers/processes.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';
import { startReceiver, verifiedDelivery, type Receiver } from '../helpers/webhook-receiver.js';
import { registerEndpoint } from '../../src/modules/webhooks/webhooks.service.js';
import { setText } from '../../src/modules/texts/editorial.service.js';
import {
  fakeClockEnv,
  figures,
  findLibfaketime,
  findNginx,
  freePorts,
  get,
  killAll,
  p99,
  printFigures,
  realNowMs,
  replicaEnv,
  sleep,
  startLoad,
  startNginx,
  startReplica,
  stopReplica,
  waitFor,
  type Answer,
  type Nginx,
  type Replica,
} from '../helpers/cluster.js';

const inCi = Boolean(process.env.CI);
const nginxBinary = findNginx();
const libfaketime = findLibfaketime();
const missing = [!nginxBinary && 'nginx (Debian package nginx)', !process.env.DATABASE_URL && 'DATABASE_URL', !process.env.REDIS_URL && 'REDIS_URL'].filter(
  (m): m is string => Boolean(m),
);
if (missing.length && !inCi) console.warn(`[tests] cluster.test.ts is SKIPPED: ${missing.join(', ')} missing (CI runs it).`);
if (nginxBinary && !libfaketime && !inCi)
  console.warn('[tests] cluster.test.ts: the 02:00 scenario is SKIPPED: libfaketime (Debian package faketime) is missing (CI runs it).');

/** The grace the replicas get after SIGTERM (SHUTDOWN_GRACE_MS). */
const GRACE_MS = 1500;
/** Steady clients: requests a second through nginx, and keys enough that none is sent twice a second. */
const RATE = 40;
const KEY_COUNT = 200;
const PATHS = ['/api/v1/daily-action', '/api/v1/causes?pageSize=5', '/api/v1/daily-action?lang=en', '/api/v1/causes?category=Petition&pageSize=3&lang=en'];

const byStatus = (answers: Answer[]) => answers.reduce<Record<string, number>>((all, a) => ({ ...all, [a.status]: (all[a.status] ?? 0) + 1 }), {});
const upstreamOf = (replica: Replica) => `127.0.0.1:${replica.port}`;

describe.skipIf(missing.length > 0 && !inCi)('three replicas behind nginx', () => {
  let prisma: Db;
  let dir: string;
  let nginx: Nginx | undefined;
  let replicas: Replica[] = [];
  let receiver: Receiver | undefined;
  let keys: string[] = [];

  /** Waits until nginx has sent a request to `replica` again (it comes back after fail_timeout at the latest). */
  async function routedAgain(replica: Replica, label: string) {
    let n = 0;
    const lines = () => nginx!.log().filter((l) => l.requestId.startsWith(`${label}-`));
    try {
      await waitFor(
        `nginx to send requests to ${replica.name} again`,
        async () => {
          await get(`${nginx!.baseUrl}/healthz`, { requestId: `${label}-${n++}` });
          await sleep(20);
          return lines().some((l) => l.upstreams.at(-1) === upstreamOf(replica)) ? true : undefined;
        },
        30_000,
        50,
      );
    } catch (error) {
      const tried: Record<string, number> = {};
      for (const l of lines()) {
        const attempts = `${l.upstreams.join(', ')} → ${l.upstreamStatuses.join(', ')}`;
        tried[attempts] = (tried[attempts] ?? 0) + 1;
      }
      throw new Error(`${(error as Error).message}: nginx sent the ${n} requests to ${JSON.stringify(tried)}; ${replica.name}'s output:\n${replica.output()}`, {
        cause: error,
      });
    }
  }

  beforeAll(async () => {
    if (missing.length) throw new Error(`In CI the cluster test needs ${missing.join(', ')} (.ci/run installs nginx); refusing to skip it.`);
    // The steady clients ask for the daily action, which changes at 02:00 Berlin (with a few seconds of
    // "No action available today." until the new day's pick): the scenarios on the real clock run clear of it.
    await clearOfContentDayChange(150_000);
    prisma = testPrisma();
    await resetDatabase(prisma);
    keys = (await createApiKeys(prisma, { label: 'cluster steady clients', tier: 'standard' }, new Date(), KEY_COUNT)).map((k) => k.key);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-cluster-'));
    const ports = await freePorts(3);
    // Started together on an empty catalogue, as `systemctl start engagement-signal@{…}` does.
    replicas = await Promise.all(ports.map((port, i) => startReplica(`replica ${i + 1}`, port, replicaEnv(port, { SHUTDOWN_GRACE_MS: String(GRACE_MS) }))));
    nginx = await startNginx(nginxBinary!, dir, ports);
  });

  afterAll(async () => {
    await receiver?.close();
    await nginx?.stop();
    await killAll();
    await prisma?.$disconnect();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('nginx spreads requests over the three replicas and passes X-Request-Id both ways', async () => {
    const sent = await Promise.all(Array.from({ length: 9 }, (_, i) => get(`${nginx!.baseUrl}/healthz`, { requestId: `spread-${i}` })));
    expect(sent.map((a) => [a.status, a.headers['x-request-id']])).toEqual(Array.from({ length: 9 }, (_, i) => [200, `spread-${i}`]));
    const lines = await waitFor(
      'nginx to log them',
      () => {
        const logged = nginx!.log().filter((l) => l.requestId.startsWith('spread-'));
        return logged.length === 9 ? logged : undefined;
      },
      10_000,
    );
    // round robin: three requests each
    const counts: Record<string, number> = {};
    for (const l of lines) counts[l.upstreams.join(', ')] = (counts[l.upstreams.join(', ')] ?? 0) + 1;
    expect(counts).toEqual(Object.fromEntries(replicas.map((r) => [upstreamOf(r), 3])));
    // without an id, nginx's own $request_id goes to the replica, which answers with it, and nginx logs it
    const anonymous = await get(`${nginx!.baseUrl}/healthz`);
    const id = String(anonymous.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await waitFor('nginx to log it', () => (nginx!.log().some((l) => l.requestId === id) ? true : undefined), 10_000);
  });

  it('the per-key limit holds across replicas: one key gets one request a second through any mix of replicas and nginx', async () => {
    const targets = [...replicas.map((r) => ({ name: r.name, url: r.baseUrl })), ...[1, 2, 3].map((i) => ({ name: `nginx ${i}`, url: nginx!.baseUrl }))];
    const url = (target: { url: string }) => `${target.url}/api/v1/causes?pageSize=1`;
    // A burst is exact only if every request of it reached its replica within 900 ms of the first (the
    // limit's 1 s less its 100 ms tolerance): each is known to have arrived between its sending and its
    // answer, so a burst sent and answered within 800 ms is one. A machine too loaded for that repeats
    // the attempt with a new key.
    const BURST_WINDOW_MS = 800;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [{ key }] = await createApiKeys(prisma, { label: `cluster limit ${attempt}`, tier: 'standard' }, new Date());
      const agent = new http.Agent({ keepAlive: true });
      let n = 0;
      const viaNginxIds: string[] = [];
      const send = (target: { name: string; url: string }) => {
        const requestId = `limit-${attempt}-${n++}`;
        if (target.url === nginx!.baseUrl) viaNginxIds.push(requestId);
        return get(url(target), { key, agent, requestId });
      };
      const outputBefore = replicas.map((r) => r.output().length);
      try {
        // connections opened first (no key: /healthz), so that no burst waits for a connect
        await Promise.all(targets.map((t) => get(`${t.url}/healthz`, { agent })));
        // One at a time, each sent 1100 ms after the previous one was answered, so at least 1100 ms after it
        // arrived: every one is allowed, whichever replica takes it.
        const steady: Answer[] = [];
        for (const target of targets.slice(0, 4)) {
          if (steady.length) await sleep(1100);
          steady.push(await send(target));
        }
        // Bursts: all six targets at once, 1100 ms after the previous answer: exactly one request of each is allowed.
        const bursts: Answer[][] = [];
        for (let b = 0; b < 3; b++) {
          await sleep(1100);
          bursts.push(await Promise.all(targets.map(send)));
        }
        const windows = bursts.map((burst) => Math.max(...burst.map((a) => a.doneAt)) - Math.min(...burst.map((a) => a.sentAt)));
        if (windows.some((w) => w >= BURST_WINDOW_MS)) {
          console.log(
            `[cluster] limit: attempt ${attempt}: a burst took ${Math.round(Math.max(...windows))} ms (≥ ${BURST_WINDOW_MS}) on this machine: again, with a new key`,
          );
          continue;
        }
        // The limit is shared while Redis answers within 50 ms; a replica that waited longer decided in
        // its memory for a moment (docs/decisions.md, "Keys, tiers, limits"), and says so in its log: again, with a new key.
        const fellBack = replicas.filter((r, i) => r.output().slice(outputBefore[i]).includes('per-key limits are held in memory'));
        if (fellBack.length) {
          console.log(
            `[cluster] limit: attempt ${attempt}: ${fellBack.map((r) => r.name).join(', ')} fell back to the in-memory limit (Redis slower than 50 ms on this machine): again, with a new key`,
          );
          continue;
        }
        const all = [...steady, ...bursts.flat()];
        const viaNginx = await waitFor(
          'nginx to log the limit requests',
          () => {
            const lines = nginx!.log().filter((l) => viaNginxIds.includes(l.requestId));
            return lines.length === viaNginxIds.length ? lines : undefined;
          },
          10_000,
        );
        console.log(
          `[cluster] limit across replicas: sent ${all.length} with one key (${all.length - viaNginxIds.length} directly to the 3 replicas, ${viaNginxIds.length} through nginx), ` +
            `failed ${all.filter((a) => a.status !== 200 && a.status !== 429).length} (neither 200 nor 429), retried ${viaNginx.filter((l) => l.upstreams.length > 1).length}, p99 ${Math.round(p99(all))} ms: ` +
            `one at a time ${JSON.stringify(byStatus(steady))}, bursts of 6 ${JSON.stringify(bursts.map(byStatus))} (each sent and answered within ${windows.map(Math.round).join(', ')} ms)`,
        );
        expect(viaNginxIds.length).toBe(1 + bursts.length * 3);
        expect(steady.map((a) => a.status)).toEqual([200, 200, 200, 200]);
        for (const burst of bursts) {
          expect(byStatus(burst)).toEqual({ 200: 1, 429: 5 });
          for (const refused of burst.filter((a) => a.status === 429)) {
            expect(refused.headers['retry-after']).toBe('1');
            expect(JSON.parse(refused.body)).toEqual({ error: MESSAGES.rateLimited });
          }
        }
        // nginx passed the 429s on as answers: one attempt each, never retried on another replica
        expect(viaNginx.map((l) => [l.upstreams.length, l.upstreamStatuses.join(), l.status])).toEqual(viaNginx.map((l) => [1, String(l.status), l.status]));
        return;
      } finally {
        agent.destroy();
      }
    }
    throw new Error('three attempts in a row could not send a burst of 6 requests within 800 ms on this machine');
  });

  it('SIGKILL to one replica under steady load: no client request fails (nginx retries on the next replica)', async () => {
    const victim = replicas[1];
    const load = startLoad({ baseUrl: nginx!.baseUrl, keys, perSecond: RATE, paths: PATHS, idPrefix: 'kill' });
    await sleep(2000);
    victim.child.kill('SIGKILL');
    const killedAt = performance.now();
    expect(await victim.exited).toBe(null);
    await sleep(3000);
    const samples = await load.stop();
    const f = await figures(nginx!, samples);
    const sentAfter = samples.filter((s) => s.sentAt > killedAt);
    printFigures('SIGKILL one replica', f, `${sentAfter.length} sent after the kill`);
    // Every request is answered 200, but one the killed replica had already counted against its key's
    // second when it died: nginx sends it to the next replica, which refuses it (429, Retry-After: 1). Such a
    // 429 is always a request nginx retried (docs/operating.md, "Replicas").
    const refused = f.lines.filter((l) => l.status === 429);
    expect(refused.filter((l) => l.upstreams.length < 2)).toEqual([]);
    expect(f.statuses).toEqual({ 200: samples.length - refused.length, ...(refused.length ? { 429: refused.length } : {}) });
    expect(samples.every((s) => s.headers['x-request-id'] === s.requestId)).toBe(true);
    // the killed replica was in the pool before, and nginx found out it was gone by failed attempts
    expect(f.answeredBy[upstreamOf(victim)]).toBeGreaterThan(0);
    expect(f.retried).toBeGreaterThan(0);
    const ids = new Set(sentAfter.map((s) => s.requestId));
    expect(f.lines.filter((l) => ids.has(l.requestId) && l.upstreams.at(-1) === upstreamOf(victim))).toEqual([]);

    // back in the pool for the next scenario
    replicas[1] = await startReplica(victim.name, victim.port, replicaEnv(victim.port, { SHUTDOWN_GRACE_MS: String(GRACE_MS) }));
    await routedAgain(replicas[1], 'kill-back');
  });

  it('a rolling restart (SIGTERM, exit, start, ready; one replica after the other) under steady load: no client request fails', async () => {
    const load = startLoad({ baseUrl: nginx!.baseUrl, keys, perSecond: RATE, paths: PATHS, idPrefix: 'roll' });
    await sleep(1000);
    const exits: (number | null)[] = [];
    const drains: { replica: Replica; signalledAt: number; exitedAt: number }[] = [];
    for (let i = 0; i < replicas.length; i++) {
      const old = replicas[i];
      old.child.kill('SIGTERM');
      const signalledAt = performance.now();
      // the replica says so at once (a balancer that polls /readyz takes it out), while it still serves
      const readyz = await waitFor(
        `${old.name}'s /readyz to turn 503`,
        async () => {
          const answer = await get(`${old.baseUrl}/readyz`);
          return answer.status === 200 ? undefined : answer;
        },
        GRACE_MS,
        20,
      );
      expect([readyz.status, readyz.body]).toEqual([503, JSON.stringify({ status: 'not ready', reason: 'shutting down' })]);
      exits.push(await stopReplica(old));
      drains.push({ replica: old, signalledAt, exitedAt: performance.now() });
      replicas[i] = await startReplica(old.name, old.port, replicaEnv(old.port, { SHUTDOWN_GRACE_MS: String(GRACE_MS) }));
      await routedAgain(replicas[i], `roll-back-${i}`);
    }
    await sleep(1000);
    const samples = await load.stop();
    const f = await figures(nginx!, samples);
    const byId = new Map(f.lines.map((l) => [l.requestId, l]));
    // The requests sent and answered well inside each replica's grace period, and those of them the
    // draining replica answered: it stays in nginx's pool and answers until the grace is over.
    const inGrace = drains.map(({ replica, signalledAt }) => {
      const sent = samples.filter((s) => s.sentAt > signalledAt + 50 && s.doneAt < signalledAt + GRACE_MS - 100);
      return { sent: sent.length, byDraining: sent.filter((s) => byId.get(s.requestId)?.upstreams.at(-1) === upstreamOf(replica)).length };
    });
    printFigures(
      'rolling restart',
      f,
      `exit codes ${JSON.stringify(exits)}; within each grace period ${inGrace.map((g) => `${g.byDraining} of ${g.sent}`).join(', ')} answered by the draining replica; SIGTERM to exit ${drains.map((d) => Math.round(d.exitedAt - d.signalledAt)).join(', ')} ms`,
    );
    expect(exits).toEqual([0, 0, 0]);
    expect(f.statuses).toEqual({ 200: samples.length });
    expect(samples.every((s) => s.headers['x-request-id'] === s.requestId)).toBe(true);
    // Round robin over three replicas: any three requests in a row include one to the draining replica.
    // (Fewer than six within a grace period means this machine stalled the clients: nothing to check there.)
    for (const { sent, byDraining } of inGrace) if (sent >= 6) expect(byDraining).toBeGreaterThan(0);
  });

  it.skipIf(!libfaketime && !inCi)(
    "across 02:00 Berlin (libfaketime, one clock for all): /readyz 200 throughout, the new day's refresh runs once, every replica serves the same daily action, every webhook endpoint gets it once",
    async () => {
      if (!libfaketime) throw new Error('In CI the 02:00 scenario needs libfaketime (Debian package faketime); refusing to skip it.');
      // This scenario runs its own three replicas on a pinned clock; the ones above are stopped first.
      await nginx!.stop();
      nginx = undefined;
      expect(await Promise.all(replicas.map((r) => stopReplica(r)))).toEqual([0, 0, 0]);
      replicas = [];

      // Attempts: the replicas must be up before 02:00 on their clock; a machine too loaded for the first
      // lead time gets a longer one, on another day.
      const attempts = [
        { day: '2027-01-14', leadS: 20 },
        { day: '2027-01-21', leadS: 60 },
      ];
      // this process's own clock may be shifted too (CI runs the suite under libfaketime)
      const ownShiftMs = Date.now() - realNowMs();
      for (const { day: newDay, leadS } of attempts) {
        const previousDay = new Date(Date.parse(`${newDay}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const changeUtc = Date.parse(`${newDay}T01:00:00Z`); // 02:00 CET (January)
        await resetDatabase(prisma);
        const offsetS = Math.round((changeUtc - leadS * 1000 - realNowMs()) / 1000);
        /** the replicas' clock, read here */
        const fakeNow = () => Date.now() - ownShiftMs + offsetS * 1000;
        const actionKeys = (await createApiKeys(prisma, { label: 'cluster 02:00', tier: 'standard' }, new Date(fakeNow()), 60)).map((k) => k.key);
        // A newsroom's CMS with three endpoints for the day's pick (German, English, and one that answers
        // 500 three times) on a receiver on the loopback.
        await receiver?.close();
        receiver = await startReceiver();
        receiver.plan('/flaky', [500, 500, 500]);
        const [hookKey] = await createApiKeys(prisma, { label: 'cluster webhooks', tier: 'standard' }, new Date(fakeNow()));
        const endpoint = (path: string, language: 'de' | 'en', events: ('daily_action.published' | 'daily_action.corrected')[]) =>
          registerEndpoint(prisma, { keyId: hookKey.id, url: receiver!.url(path), events, language, allowPrivate: true }, new Date(fakeNow()));
        const hooks = {
          de: await endpoint('/de', 'de', ['daily_action.published']),
          en: await endpoint('/en', 'en', ['daily_action.published']),
          flaky: await endpoint('/flaky', 'de', ['daily_action.published']),
          held: await endpoint('/held', 'de', ['daily_action.corrected']),
        };
        const ports = await freePorts(3);
        console.log(`[cluster] 02:00: three replicas on the clock ${new Date(fakeNow()).toISOString()} (02:00 Berlin of ${newDay} in ${leadS} s)`);
        // a failed webhook attempt is retried a second later (the default waits 5 s, then 5 min)
        const clockEnv = { ...fakeClockEnv(libfaketime, offsetS), WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1' };
        replicas = await Promise.all(ports.map((port, i) => startReplica(`fake-clock replica ${i + 1}`, port, replicaEnv(port, clockEnv))));
        // behind nginx, as in production (the webhooks' own requests go out directly)
        nginx = await startNginx(nginxBinary!, path.join(dir, `fake-clock-${newDay}`), ports);
        /** what a daily-action answer is: the action (200), the spec's 503 while the day's pick is still to come, or something else */
        const kind = (a: Answer): string => {
          if (a.status === 200) return 'action';
          if (a.status === 503 && a.body === JSON.stringify({ error: 'No action available today.' }) && a.headers['retry-after'] === '5') return 'pending';
          return `${a.status} ${a.error ?? a.body}`;
        };
        let nextKey = 0;
        const action = (r: Replica) => get(`${r.baseUrl}/api/v1/daily-action`, { key: actionKeys[nextKey++ % actionKeys.length] });
        // Up: every replica serves the previous day's action (the one that lost the start's claim prints
        // its "listening" line while the winner's run may still be choosing it).
        const upBefore = await waitFor(
          "the previous day's action from every replica",
          async () => {
            if (changeUtc - fakeNow() < 3000) return false;
            const answers = await Promise.all(replicas.map(action));
            return answers.every((a) => kind(a) === 'action') ? true : undefined;
          },
          leadS * 1000,
          250,
        );
        if (!upBefore) {
          console.log(`[cluster] 02:00: the replicas did not serve ${previousDay}'s action 3 s before 02:00 on their clock: again with a longer lead`);
          await nginx?.stop();
          nginx = undefined;
          await killAll();
          replicas = [];
          continue;
        }

        interface Probe {
          replica: number;
          /** sent and answered, on the replicas' clock (ms since the epoch) */
          sent: number;
          done: number;
          readyz: Answer;
          action: Answer;
        }
        const probes: Probe[] = [];
        // The answers' body has no day: which day an answer is of is told by when it was asked, on the
        // replicas' clock (read here to within a few ms). 200 ms either side of 02:00 is left out.
        const phase = (p: Probe) => (p.done < changeUtc - 200 ? 'before' : p.sent > changeUtc + 200 ? 'after' : 'around');
        const afterActions = (i: number) => probes.filter((p) => p.replica === i && phase(p) === 'after' && kind(p.action) === 'action').length;
        // Every replica, four times a second, directly: /readyz and the daily action, until each has
        // served the new day's action three times.
        const deadline = performance.now() + (changeUtc - fakeNow()) + 90_000;
        for (;;) {
          const round = await Promise.all(
            replicas.map(async (r, i) => {
              const sent = fakeNow();
              const [readyz, answer] = await Promise.all([get(`${r.baseUrl}/readyz`), action(r)]);
              return { replica: i, sent, done: fakeNow(), readyz, action: answer };
            }),
          );
          probes.push(...round);
          if (replicas.every((_, i) => afterActions(i) >= 3) || performance.now() > deadline) break;
          await sleep(250);
        }
        // once the new day's run has finished (summaries included), one more answer from each replica
        await waitFor(
          `${newDay}'s refresh to finish`,
          async () => {
            const [run] = await prisma.$queryRaw<{ status: string }[]>`
            SELECT "status"::text AS status FROM "JobRun" WHERE "job" = 'refresh' AND "day" = ${newDay}::date ORDER BY "startedAt" DESC LIMIT 1`;
            return run && run.status !== 'running' ? true : undefined;
          },
          60_000,
          100,
        );
        const finalAnswers = await Promise.all(replicas.map(action));
        const slug = JSON.parse(finalAnswers[0].body).cause.slug;
        const statusOf = await Promise.all(replicas.map(async (r) => JSON.parse((await get(`${r.baseUrl}/status`)).body)));

        // Webhooks: each endpoint got the start's day (the replicas' first refresh) and the new day's pick
        // once each (the flaky one each day's on its fourth attempt, then at once), whichever replicas
        // delivered; a few polls later still once.
        const englishAction = await get(`${nginx!.baseUrl}/api/v1/daily-action?lang=en`, { key: hookKey.key });
        await Promise.all([receiver.waitFor('/de', 2, 30_000), receiver.waitFor('/en', 2, 30_000), receiver.waitFor('/flaky', 5, 30_000)]);
        await sleep(5_000);
        const got = (path: string) => receiver!.received.filter((r) => r.path === path);
        expect([got('/de').length, got('/en').length, got('/flaky').length]).toEqual([2, 2, 5]);
        /** each delivery's event, and which day's pick it announced (by its timestamp, on the replicas' clock) */
        const events = (path: string, secret: string) =>
          got(path).map((r) => {
            const event = verifiedDelivery(secret, r);
            return { id: r.headers['webhook-id'], type: event.type, day: Date.parse(event.timestamp) < changeUtc ? previousDay : newDay, data: event.data };
          });
        const [de, en, flaky] = [events('/de', hooks.de.secret), events('/en', hooks.en.secret), events('/flaky', hooks.flaky.secret)];
        expect(de.map((e) => [e.type, e.day])).toEqual([
          ['daily_action.published', previousDay],
          ['daily_action.published', newDay],
        ]);
        expect(de[1].data).toEqual(JSON.parse(finalAnswers[0].body));
        expect(en.map((e) => [e.type, e.day])).toEqual([
          ['daily_action.published', previousDay],
          ['daily_action.published', newDay],
        ]);
        expect(en[1].data).toEqual(JSON.parse(englishAction.body));
        expect(flaky.map((e) => [e.type, e.day, e.id])).toEqual([
          ...Array(4).fill(['daily_action.published', previousDay, flaky[0].id]),
          ['daily_action.published', newDay, flaky[4].id],
        ]);
        expect(flaky[4].id).not.toBe(flaky[0].id);
        expect(await prisma.webhookDelivery.count({ where: { type: 'daily_action.published', status: 'delivered' } })).toBe(6);

        // An editor's correction goes to the fourth endpoint, which holds the first attempt open: the
        // replica that claimed it is SIGKILLed mid-attempt, and another delivers it after the claim's lease.
        receiver.plan('/held', [0]);
        await setText(prisma, slug, 'de', 'summary', 'Von der Redaktion korrigiert.', new Date(fakeNow()));
        const [firstTry] = await receiver.waitFor('/held', 1, 30_000);
        const holder = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: hooks.held.endpoint.id }, select: { id: true, lockedBy: true } });
        const killed = replicas.find((r) => holder.lockedBy?.endsWith(`:${r.child.pid}`));
        expect(killed, `the holder ${holder.lockedBy} is one of the replicas`).toBeDefined();
        killed!.child.kill('SIGKILL');
        const [, secondTry] = await receiver.waitFor('/held', 2, 60_000);
        expect(secondTry.headers['webhook-id']).toBe(firstTry.headers['webhook-id']);
        expect(verifiedDelivery(hooks.held.secret, secondTry).type).toBe('daily_action.corrected');
        const heldDelivery = await waitFor(
          'the held delivery to be recorded delivered',
          async () => {
            const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: holder.id }, include: { attemptLog: true } });
            return row.status === 'delivered' ? row : undefined;
          },
          15_000,
        );
        // the killed replica's attempt left no record but its number; the other's is attempt 2
        expect([heldDelivery.attempts, heldDelivery.attemptLog.map((a) => [a.attempt, a.status, a.by === holder.lockedBy])]).toEqual([2, [[2, 200, false]]]);
        console.log(
          `[cluster] 02:00 webhooks: 3 endpoints got each day's pick once (one after 3 × 500); the correction's replica (${killed!.name}) SIGKILLed mid-attempt, delivered by another`,
        );

        await nginx!.stop();
        nginx = undefined;
        const exits = await Promise.all(replicas.map((r) => stopReplica(r)));
        const expectedExits = replicas.map((r) => (r === killed ? null : 0));
        replicas = [];
        const runs = await prisma.$queryRaw<{ day: string; status: string; trigger: string }[]>`
          SELECT to_char("day", 'YYYY-MM-DD') AS day, "status"::text AS status, "trigger" FROM "JobRun" WHERE "job" = 'refresh' ORDER BY "startedAt"`;
        const claims = await prisma.$queryRaw<{ day: string; status: string }[]>`
          SELECT to_char("day", 'YYYY-MM-DD') AS day, "status"::text AS status FROM "JobClaim" WHERE "job" = 'refresh' ORDER BY "day"`;

        const ofReplica = (i: number) => probes.filter((p) => p.replica === i);
        const runLengths = (seq: string[]) =>
          seq
            .reduce<[string, number][]>((all, s) => (all.at(-1)?.[0] === s ? [...all.slice(0, -1), [s, all.at(-1)![1] + 1]] : [...all, [s, 1]]), [])
            .map(([s, n]) => `${s} ×${n}`);
        const firstAfter = [0, 1, 2].map((i) => ofReplica(i).find((p) => phase(p) === 'after' && kind(p.action) === 'action')?.sent);
        const bodiesOf = (which: string) => new Set(probes.filter((p) => phase(p) === which && kind(p.action) === 'action').map((p) => p.action.body));
        const [oldBody] = bodiesOf('before');
        const [newBody] = bodiesOf('after');
        console.log(
          `[cluster] 02:00 Berlin of ${newDay}: ${probes.length} probes of /readyz (${JSON.stringify(byStatus(probes.map((p) => p.readyz)))}); ` +
            `daily action per replica ${JSON.stringify([0, 1, 2].map((i) => runLengths(ofReplica(i).map((p) => `${phase(p)} ${kind(p.action)}`))))}; ` +
            `first action of the new day asked ${firstAfter.map((t) => (t === undefined ? 'never' : `${((t - changeUtc) / 1000).toFixed(1)} s`)).join(', ')} after 02:00 ` +
            `(cause ${oldBody ? JSON.parse(oldBody).cause.slug : '?'} → ${newBody ? JSON.parse(newBody).cause.slug : '?'}); JobRun ${JSON.stringify(runs)}; exit codes ${JSON.stringify(exits)}`,
        );

        // no replica left the pool
        expect(
          probes.filter((p) => p.readyz.status !== 200 || p.readyz.body !== '{"status":"ready"}').map((p) => [p.replica, p.readyz.status, p.readyz.body]),
        ).toEqual([]);
        for (let i = 0; i < 3; i++) {
          const seq = ofReplica(i);
          // before 02:00 the previous day's action; after it, until the new day's pick exists, the
          // spec's 503 (with Retry-After: 5); then the new day's action, and never the 503 again
          expect(seq.filter((p) => phase(p) === 'before').map((p) => kind(p.action))).toEqual(seq.filter((p) => phase(p) === 'before').map(() => 'action'));
          const after = seq.filter((p) => phase(p) === 'after').map((p) => kind(p.action));
          const served = after.indexOf('action');
          expect(served).toBeGreaterThanOrEqual(0);
          expect(after).toEqual([...Array(served).fill('pending'), ...Array(after.length - served).fill('action')]);
          expect(seq.filter((p) => phase(p) === 'around' && !['action', 'pending'].includes(kind(p.action)))).toEqual([]);
        }
        // the same daily action from every replica, before the change and after it: after it, the cause
        // is the same from the first answer on, and its summary may still change once (the pick is stored
        // before the day's summaries are written), so once the run has finished the answers are the same
        // bytes everywhere
        expect(bodiesOf('before').size).toBe(1);
        const slugsAfter = new Set([...bodiesOf('after')].map((body) => JSON.parse(body).cause.slug));
        expect(slugsAfter.size).toBe(1);
        expect(finalAnswers.map(kind)).toEqual(['action', 'action', 'action']);
        expect(new Set(finalAnswers.map((a) => a.body)).size).toBe(1);
        for (const status of statusOf) {
          expect(status.dailyAction).toEqual({ day: newDay, ok: true, detail: slug });
          expect([status.lastRefresh.day, status.lastRefresh.status]).toEqual([newDay, 'succeeded']);
        }
        // once per day: one run for the start's day and one for the new day, however many replicas scheduled it
        expect(runs).toEqual([
          { day: previousDay, status: 'succeeded', trigger: 'scheduler' },
          { day: newDay, status: 'succeeded', trigger: 'scheduler' },
        ]);
        expect(claims).toEqual([
          { day: previousDay, status: 'succeeded' },
          { day: newDay, status: 'succeeded' },
        ]);
        expect(exits).toEqual(expectedExits);
        return;
      }
      throw new Error('the replicas were not ready before 02:00 on their clock in either attempt');
    },
    240_000,
  );
});
