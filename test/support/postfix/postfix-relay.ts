import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-ports.js';

export const POSTFIX = '/usr/sbin/postfix';
export const POSTQUEUE = '/usr/sbin/postqueue';
/** Debian's `postfix` package (installed by .ci/run); the relay tests are skipped without it. */
export const hasPostfix = existsSync(POSTFIX) && existsSync(POSTQUEUE) && process.getuid?.() === 0;

export interface PostfixRelay {
  /** Where Postfix's smtpd listens (127.0.0.1). */
  port: number;
  /** Postfix's own log (maillog_file), read afresh on each call. */
  log(): string;
  /** `postqueue -f`: retry every deferred message now. */
  flush(): void;
  /** Stops the instance and removes its directory (config, queue, log). */
  stop(): void;
}

export interface PostfixRelayOptions {
  /** The inbound domain it relays (relay_domains). */
  relayDomain: string;
  /** The listener it relays to (transport_maps → smtp:[127.0.0.1]:port). */
  listenerPort: number;
}

/**
 * A throwaway Postfix (Debian's package) in front of the listener, as the operations guide describes it:
 * its own config directory, queue and log under a temp dir, smtpd on a loopback port, the inbound domain
 * relayed to the listener and every recipient verified with the listener first
 * (`reject_unverified_recipient`). Everything else is discarded, so it never looks anything up in DNS or
 * sends anywhere but 127.0.0.1. Must run as root (the Postfix master does).
 */
export async function startPostfixRelay(options: PostfixRelayOptions): Promise<PostfixRelay> {
  const root = mkdtempSync(join(tmpdir(), 'mailscribe-postfix-'));
  // Postfix's daemons run as the postfix user and must reach the queue under it.
  chmodSync(root, 0o755);
  const conf = join(root, 'conf');
  const data = join(root, 'data');
  mkdirSync(conf);
  mkdirSync(join(root, 'queue'));
  mkdirSync(data);
  const postfixUser = spawnSync('id', ['-u', 'postfix'], { encoding: 'utf8' });
  const postfixGroup = spawnSync('id', ['-g', 'postfix'], { encoding: 'utf8' });
  chownSync(data, Number(postfixUser.stdout.trim()), Number(postfixGroup.stdout.trim()));
  const port = await freePort();
  const maillog = join(root, 'maillog');

  writeFileSync(
    join(conf, 'main.cf'),
    [
      'compatibility_level = 3.6',
      `queue_directory = ${join(root, 'queue')}`,
      `data_directory = ${data}`,
      `maillog_file = ${maillog}`,
      `maillog_file_prefixes = ${root}`,
      'myhostname = mx.relay.test',
      'mydomain = relay.test',
      'mydestination =',
      'mynetworks = 127.0.0.1/32',
      'inet_interfaces = 127.0.0.1',
      'inet_protocols = ipv4',
      // The operations guide's lines:
      `relay_domains = ${options.relayDomain}`,
      `transport_maps = texthash:${join(conf, 'transport')}`,
      'smtpd_recipient_restrictions = reject_unauth_destination, reject_unverified_recipient',
      'unverified_recipient_reject_code = 550',
      // Throwaway-instance settings: loopback only, no DNS, quick retries, room for the load test.
      'smtpd_peername_lookup = no',
      'smtp_dns_support_level = disabled',
      'smtp_host_lookup = native',
      'smtp_bind_address = 127.0.0.1',
      'alias_maps =',
      'alias_database =',
      'local_recipient_maps =',
      'biff = no',
      'queue_run_delay = 1s',
      'minimal_backoff_time = 1s',
      'maximal_backoff_time = 2s',
      'smtpd_client_connection_count_limit = 100',
      '',
    ].join('\n'),
  );
  writeFileSync(join(conf, 'transport'), `${options.relayDomain} smtp:[127.0.0.1]:${options.listenerPort}\n* discard:\n`);
  // No chroot (the default master.cf of Debian chroots most daemons into the default queue).
  const service = (name: string, type: string, priv: string, limit: string, command: string) =>
    `${name} ${type} ${priv} - n - ${limit} ${command}`;
  writeFileSync(
    join(conf, 'master.cf'),
    [
      service(`127.0.0.1:${port}`, 'inet', 'n', '-', 'smtpd'),
      // pickup: postqueue -f asks the mail system through it.
      `pickup unix n - n 60 1 pickup`,
      service('cleanup', 'unix', 'n', '0', 'cleanup'),
      `qmgr unix n - n 300 1 qmgr`,
      service('rewrite', 'unix', '-', '-', 'trivial-rewrite'),
      service('bounce', 'unix', '-', '0', 'bounce'),
      service('defer', 'unix', '-', '0', 'bounce'),
      service('trace', 'unix', '-', '0', 'bounce'),
      service('verify', 'unix', '-', '1', 'verify'),
      `flush unix n - n 1000? 0 flush`,
      service('proxymap', 'unix', '-', '-', 'proxymap'),
      service('proxywrite', 'unix', '-', '1', 'proxymap'),
      service('smtp', 'unix', '-', '-', 'smtp'),
      service('relay', 'unix', '-', '-', 'smtp'),
      service('showq', 'unix', 'n', '-', 'showq'),
      service('error', 'unix', '-', '-', 'error'),
      service('retry', 'unix', '-', '-', 'error'),
      service('discard', 'unix', '-', '-', 'discard'),
      service('anvil', 'unix', '-', '1', 'anvil'),
      service('scache', 'unix', '-', '1', 'scache'),
      service('postlog', 'unix-dgram', 'n', '1', 'postlogd'),
      '',
    ].join('\n'),
  );

  const log = () => (existsSync(maillog) ? readFileSync(maillog, 'utf8') : '');
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, ['-c', conf, ...args], { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}\n${log().slice(-2000)}`);
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(POSTFIX, ['stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };

  try {
    run(POSTFIX, ['start']);
    await waitForGreeting(port);
  } catch (err) {
    stop();
    throw err;
  }
  return { port, log, flush: () => run(POSTQUEUE, ['-f']), stop };
}


/** Postfix's master starts its smtpd on the first connection: wait for a 220 (at most 50 tries). */
async function waitForGreeting(port: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.setEncoding('latin1');
      socket.once('data', (data: string) => {
        socket.end('QUIT\r\n');
        resolve(data.startsWith('220'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Postfix did not answer on 127.0.0.1:${port}`);
}
