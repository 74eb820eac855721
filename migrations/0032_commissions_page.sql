CREATE TABLE `commissions_page` (
	`id` integer PRIMARY KEY NOT NULL,
	`intro` text NOT NULL,
	`subjects` text NOT NULL,
	`prices` text NOT NULL,
	`prices_note` text NOT NULL,
	`lead_time` text NOT NULL,
	`steps` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
