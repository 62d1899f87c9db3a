// Loaded into every process of the stack under test (NODE_OPTIONS=--import): records any attempt to resolve or
// connect to something other than loopback in the file named by STACK_NETWORK_LOG, so the test can prove that
// firebase-tools and the rest stay offline.
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';

const logFile = process.env.STACK_NETWORK_LOG;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1', '']);

function record(what) {
  if (logFile) appendFileSync(logFile, `${process.pid} ${process.argv.slice(1, 3).join(' ')}: ${what}\n`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const [first, second] = args;
  const options = Array.isArray(first) ? first[0] : first;
  if (typeof options === 'object' && options !== null && !options.path) {
    if (!LOOPBACK.has(String(options.host ?? 'localhost'))) record(`connect ${options.host}:${options.port}`);
  } else if (typeof options === 'number' || /^\d+$/.test(String(options))) {
    const host = typeof second === 'string' ? second : 'localhost';
    if (!LOOPBACK.has(host)) record(`connect ${host}:${options}`);
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!LOOPBACK.has(String(hostname))) record(`dns lookup ${hostname}`);
  return lookup.call(this, hostname, ...rest);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function guardedLookupPromise(hostname, ...rest) {
  if (!LOOPBACK.has(String(hostname))) record(`dns lookup ${hostname}`);
  return lookupPromise.call(this, hostname, ...rest);
};
