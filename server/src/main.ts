import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { startServer } from './bootstrap';
import { keepServingOnUnhandledRejections } from './core/errors/unhandled-rejections';

/** Lines in a box, for the one message the owner must not miss. */
function frame(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return (
    ['', `┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n') +
    '\n'
  );
}

async function main() {
  keepServingOnUnhandledRejections();
  const server = await startServer();
  new Logger('Bootstrap').log(
    `The app and the API are served on ${server.url} (API docs: ${server.url}/api/docs)`,
  );
  // The generated first password comes last, framed, where the owner sees it (issue 11, item 15).
  if (server.firstStart) {
    const { username, password } = server.firstStart;
    process.stdout.write(
      frame([
        `Open ${server.url} and sign in as: ${username} / ${password}`,
        'This password is shown once: you will be asked to change it at the first sign-in.',
        '(Set ADMIN_PASSWORD before the first start to choose it instead.)',
      ]),
    );
  }
  const stop = async () => {
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((raw: unknown) => {
  const error = (raw instanceof Error ? raw : new Error(String(raw))) as Error & { code?: string };
  const logger = new Logger('Bootstrap');
  if (error.code === 'ECONNREFUSED') {
    logger.error(
      `PostgreSQL cannot be reached (${error.message}). Check DATABASE_URL, or unset it to use the embedded database.`,
    );
  } else if (error.code === 'EADDRINUSE') {
    logger.error(`Port ${process.env.PORT ?? 3000} is in use. Set PORT to another port.`);
  } else {
    logger.error(error.message);
  }
  process.exit(1);
});
