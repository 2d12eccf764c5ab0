// Icons by name (spec §3 navigation items carry an MUI icon name). Only the icons the app uses
// are imported, statically, to keep the bundle small; an unknown name renders as text (spec §8).
import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountTree from '@mui/icons-material/AccountTree';
import Balance from '@mui/icons-material/Balance';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import TrendingUp from '@mui/icons-material/TrendingUp';
import MenuBook from '@mui/icons-material/MenuBook';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import BarChart from '@mui/icons-material/BarChart';
import Build from '@mui/icons-material/Build';
import Business from '@mui/icons-material/Business';
import CardGiftcard from '@mui/icons-material/CardGiftcard';
import Category from '@mui/icons-material/Category';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import CreditCard from '@mui/icons-material/CreditCard';
import CreditScore from '@mui/icons-material/CreditScore';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import EventAvailable from '@mui/icons-material/EventAvailable';
import EventBusy from '@mui/icons-material/EventBusy';
import Home from '@mui/icons-material/Home';
import Discount from '@mui/icons-material/Discount';
import Groups from '@mui/icons-material/Groups';
import LocalOffer from '@mui/icons-material/LocalOffer';
import PriceChange from '@mui/icons-material/PriceChange';
import Inventory2 from '@mui/icons-material/Inventory2';
import Label from '@mui/icons-material/Label';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Loyalty from '@mui/icons-material/Loyalty';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import MoneyOff from '@mui/icons-material/MoneyOff';
import NoteAdd from '@mui/icons-material/NoteAdd';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import PointOfSale from '@mui/icons-material/PointOfSale';
import PostAdd from '@mui/icons-material/PostAdd';
import Receipt from '@mui/icons-material/Receipt';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Savings from '@mui/icons-material/Savings';
import Schedule from '@mui/icons-material/Schedule';
import Settings from '@mui/icons-material/Settings';
import SettingsApplications from '@mui/icons-material/SettingsApplications';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Speed from '@mui/icons-material/Speed';
import Store from '@mui/icons-material/Store';
import Storefront from '@mui/icons-material/Storefront';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Today from '@mui/icons-material/Today';
import Tune from '@mui/icons-material/Tune';
import VpnKey from '@mui/icons-material/VpnKey';
import History from '@mui/icons-material/History';
import Warehouse from '@mui/icons-material/Warehouse';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type SvgIcon from '@mui/material/SvgIcon';

export type SvgIconComponent = typeof SvgIcon;

export const NAV_ICONS: Record<string, SvgIconComponent> = {
  AccountBalance,
  AccountTree,
  AdminPanelSettings,
  Balance,
  AccountBalanceWallet,
  TrendingUp,
  MenuBook,
  Assessment,
  BarChart,
  Build,
  Business,
  CardGiftcard,
  Category,
  ConfirmationNumber,
  CreditCard,
  CreditScore,
  CurrencyExchange,
  Dashboard,
  Description,
  EventAvailable,
  EventBusy,
  Home,
  Discount,
  Groups,
  LocalOffer,
  PriceChange,
  Inventory2,
  Label,
  ListAlt,
  LocalShipping,
  Loyalty,
  ManageAccounts,
  MoneyOff,
  NoteAdd,
  Payments,
  People,
  PointOfSale,
  PostAdd,
  Receipt,
  ReceiptLong,
  RequestQuote,
  Savings,
  Schedule,
  Settings,
  SettingsApplications,
  ShoppingCart,
  Speed,
  Store,
  Storefront,
  SwapHoriz,
  Today,
  Tune,
  VpnKey,
  History,
  Warehouse,
  WarningAmber,
};
