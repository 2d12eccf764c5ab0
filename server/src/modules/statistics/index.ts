// Statistics: the owner's statistics (/statistics) and staff performance (/Performance) reads; it
// owns no tables and reads sales, returns, shifts and users. Other contexts import only from here.
export { StatisticsModule } from './statistics.module';
