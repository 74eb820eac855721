CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`device` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
