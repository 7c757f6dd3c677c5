/**
 * The site's CSP allows no eval, so zod must not compile its parsers with `new Function`, nor even
 * probe whether it may (the probe is reported as a violation). Zod decides when a schema is built:
 * main.tsx imports this module first, before any module that builds one.
 */
import { config } from 'zod';

config({ jitless: true });
