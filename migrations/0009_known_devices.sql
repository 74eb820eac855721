CREATE TABLE `admin_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
-- Edited by hand: drizzle-kit wrote ALTER TABLE ADD `device_id` NOT NULL (which SQLite refuses without a default)
-- and left out ON DELETE cascade. A session from before names no device, so those sessions end: the admin signs in once more.
DROP TABLE `admin_sessions`;--> statement-breakpoint
CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`device_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `admin_devices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_device_idx` ON `admin_sessions` (`device_id`);--> statement-breakpoint
ALTER TABLE `sign_in_failures` ADD `device_id` text;--> statement-breakpoint
CREATE INDEX `sign_in_failures_device_at_idx` ON `sign_in_failures` (`device_id`,`at`);
