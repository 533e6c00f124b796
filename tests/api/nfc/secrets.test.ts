import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diversifyKeyAn10922 } from '#server/modules/nfc/an10922.ts';
import { NfcProvisioningSchema } from '#shared/nfc.schemas.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { corruptMac, makeSunTapQuery } from '#tests/helpers/sun-tap.ts';
import { insertNfcTestChip, randomKeyHex, randomUid } from '#tests/factories/nfc.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

function captureLogs() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('NFC keys never reach a log line or a response', () => {
  it('keeps supplied and diversified keys out of the logs of every NFC call', async () => {
    const master = randomKeyHex();
    const logs = captureLogs();
    const app = await buildTestApp({
      env: { NFC_MASTER_KEY: master, LOG_LEVEL: 'trace' },
      logStream: logs.stream,
    });
    const admin = await insertAdmin(app.db);
    const creator = await insertUser(app.db);
    const chip = await insertNfcTestChip(app.db, creator.user.id);
    const other = await insertNfcTestChip(app.db, creator.user.id);
    const supplied = {
      uid: randomUid(),
      mode: 'AES' as const,
      metaReadKey: randomKeyHex(),
      fileReadKey: randomKeyHex(),
    };

    const responses: string[] = [];
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await injectAs(app, admin.token, { method, url, payload });
      responses.push(res.body);
      return res;
    };
    await call('POST', `/api/admin/artchip/${chip.id}/nfc-tag`, supplied);
    // A refused body (bad UID) with valid keys in it: the error path must not echo them either.
    await call('POST', `/api/admin/artchip/${chip.id}/nfc-tag`, { ...supplied, uid: 'bad' });
    const provisioned = await call('POST', `/api/admin/artchip/${other.id}/nfc-tag/provision`, {
      uid: randomUid(),
    });
    const p = NfcProvisioningSchema.parse(provisioned.json());
    const masterBytes = Buffer.from(master, 'hex');
    const derived = [p.keys.sdmMetaRead, p.keys.sdmFileRead].map((k) =>
      diversifyKeyAn10922(masterBytes, Buffer.from(k.diversificationInput, 'hex'))
        .toString('hex')
        .toUpperCase(),
    );
    const good = makeSunTapQuery({ ...supplied, counter: 1 });
    for (const q of [good, good, corruptMac(makeSunTapQuery({ ...supplied, counter: 5 })), 'e=zz']) {
      responses.push((await app.inject({ method: 'GET', url: `/api/artchip/tap?${q}` })).body);
    }
    await call('GET', `/api/admin/artchip/${chip.id}/nfc-tag`);
    await call('GET', `/api/admin/artchip/${chip.id}/taps`);
    await call('GET', `/api/admin/production-sheet?chipIds=${chip.id},${other.id}`);

    const logText = logs.lines.join('').toUpperCase();
    // The capture works: requests and tap outcomes are logged.
    expect(logText).toContain('NFC TAP VERIFIED');
    expect(logText).toContain('INCOMING REQUEST');
    const secrets = [supplied.metaReadKey, supplied.fileReadKey, ...derived, master.toUpperCase()];
    for (const secret of secrets) {
      expect(logText).not.toContain(secret);
      for (const body of responses) expect(body.toUpperCase()).not.toContain(secret);
    }
  });

  it('redacts key fields if a request object is ever logged', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ logStream: logs.stream });
    const key = randomKeyHex();
    app.log.info({ body: { metaReadKey: key, fileReadKey: key } }, 'a careless log line');
    expect(logs.lines.join('')).toContain('a careless log line');
    expect(logs.lines.join('')).not.toContain(key);
  });

  it('without NFC_MASTER_KEY: a 0600 per-install key file, reused across restarts, and a warning', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ logStream: logs.stream });
    const file = path.join(app.config.dataDir, 'nfc-master.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const keyText = fs.readFileSync(file, 'utf8').trim();
    expect(keyText).toMatch(/^[0-9A-F]{32}$/);
    expect(logs.lines.join('')).toContain('Production must set NFC_MASTER_KEY');
    expect(logs.lines.join('')).not.toContain(keyText);

    const admin = await insertAdmin(app.db);
    const creator = await insertUser(app.db);
    const chip = await insertNfcTestChip(app.db, creator.user.id);
    const tag = {
      uid: randomUid(),
      mode: 'AES' as const,
      metaReadKey: randomKeyHex(),
      fileReadKey: randomKeyHex(),
    };
    await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/admin/artchip/${chip.id}/nfc-tag`,
      payload: tag,
    });

    // A restart on the same data directory opens the keys sealed before.
    const restarted = await buildTestApp({ keepData: true, env: { DATA_DIR: app.config.dataDir } });
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(keyText);
    const res = await restarted.inject({
      method: 'GET',
      url: `/api/artchip/tap?${makeSunTapQuery({ ...tag, counter: 1 })}`,
    });
    expect(res.json()).toMatchObject({ status: 'authentic' });
  });
});
