// Expenses: expense categories (/ExpenseCategories, on the resource kit); expenses come with the cash issue.
// Its pages are in pages.ts; nothing is exported to other features yet.
export {};
