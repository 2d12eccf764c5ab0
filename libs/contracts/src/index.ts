// Contracts shared by server and client: permission keys, the route table, DTO classes,
// error codes, server messages and pure shared rules.
export * from './permissions';
export * from './routes';
export * from './guard';
export * from './errors';
export * from './arabic';
export * from './receipt';
export * from './money';
export * from './limits';
export * from './i18n/messages';
export * from './dto/auth.dto';
export * from './dto/branch.dto';
export * from './dto/role.dto';
export * from './dto/user.dto';
export * from './dto/settings.dto';
export * from './dto/list.dto';
export * from './dto/catalog.dto';
export * from './events';
export * from './domain-events';
export * from './dto/sales.dto';
export * from './sale-math';
export * from './dto/dashboard.dto';
export * from './dto/transfers.dto';
export * from './dto/stocktaking.dto';
export * from './product-axes';
