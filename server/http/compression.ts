/**
 * Answers of 1 KB or more (lists, code tables) go out compressed when the client accepts it; smaller
 * ones, such as the balance call polled every 5 s, are sent as they are. Static files that already
 * have a precompressed copy (server/http/site.ts) are left alone. Request bodies are not inflated: no
 * client of ours sends them compressed.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Register before the routes: hooks reach only the scopes created after them. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads this.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, decompress: false };
  });
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
