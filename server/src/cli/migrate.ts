import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { resolveDatabase } from '../bootstrap';
import { runMigrations } from '../core/database/data-source';

async function main() {
  const { url, embedded } = await resolveDatabase();
  const done = await runMigrations(url);
  new Logger('Migrate').log(
    done.length ? `Applied: ${done.join(', ')}` : 'The database is up to date.',
  );
  await embedded?.stop();
}

main().catch((error: Error) => {
  new Logger('Migrate').error(error.message);
  process.exit(1);
});
