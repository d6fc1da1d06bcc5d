// Customer calls' schemas (issue: customer accounts and credit movements).
export {};
