// Dashboard: the live home page's read (today's figures of a branch); it owns no tables and reads
// the sales, shifts and stock of the other contexts. Other contexts import only from here.
export { DashboardModule } from './dashboard.module';
