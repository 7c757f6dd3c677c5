import { open, seal } from './contract/envelope';
const [path, payload] = [process.argv[2]!, JSON.parse(process.argv[3] ?? '{}')];
const res = await fetch('http://127.0.0.1:8205' + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: (await import('./contract/constants')).siteAuthorization('hanbit'), ...(process.argv[4] ? { 'x-session-token': process.argv[4] } : {}) }, body: JSON.stringify({ data: seal(payload, 'hanbit') }) });
const body = await res.json();
console.log(JSON.stringify(open(body.data), null, 1).slice(0, 1500));
