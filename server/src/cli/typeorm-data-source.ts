import { appDataSource } from '../app-data-source';

/** For the TypeORM CLI: `typeorm migration:generate -d dist/server/src/cli/typeorm-data-source.js` */
export default appDataSource(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pos');
