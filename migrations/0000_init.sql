CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`date` text NOT NULL,
	`location` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text
);
--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`date`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`post_id` text,
	`post_title` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`address` text,
	`message` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`handled_at` text
);
--> statement-breakpoint
CREATE INDEX `messages_created_at_idx` ON `messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `messages_status_created_at_idx` ON `messages` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `page_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`timestamp` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`event` text DEFAULT 'pageview' NOT NULL,
	`path` text NOT NULL,
	`visit_id` text NOT NULL,
	`visitor` text NOT NULL,
	`source` text DEFAULT 'Direct' NOT NULL,
	`device` text NOT NULL,
	`country` text,
	`screen_width` integer,
	`post_id` text
);
--> statement-breakpoint
CREATE INDEX `page_views_timestamp_idx` ON `page_views` (`timestamp`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`medium` text NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`category` text NOT NULL,
	`size` text NOT NULL,
	`price` text,
	`image_urls` text DEFAULT '[]' NOT NULL,
	`available` text DEFAULT 'yes' NOT NULL,
	`events` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text,
	`migrated_at` text,
	`original_cloudinary_urls` text
);
--> statement-breakpoint
CREATE INDEX `posts_created_at_idx` ON `posts` (`created_at`);--> statement-breakpoint
CREATE INDEX `posts_category_idx` ON `posts` (`category`);--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` text PRIMARY KEY NOT NULL,
	`author` text NOT NULL,
	`message` text NOT NULL,
	`approved` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `testimonials_approved_created_at_idx` ON `testimonials` (`approved`,`created_at`);