CREATE TABLE `exchange_rates` (
	`source` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`gbp_per_euro` real NOT NULL,
	`usd_per_euro` real NOT NULL,
	`fetched_at` text NOT NULL
);
