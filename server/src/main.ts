import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { startServer } from './bootstrap';

async function main() {
  const server = await startServer();
  new Logger('Bootstrap').log(`The app and the API are served on ${server.url} (API docs: ${server.url}/api/docs)`);
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
