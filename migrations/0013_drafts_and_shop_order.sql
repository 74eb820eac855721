DROP INDEX `posts_created_at_idx`;--> statement-breakpoint
ALTER TABLE `posts` ADD `draft` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `featured` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_shop_order_idx` ON `posts` (`position`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `events` ADD `draft` integer DEFAULT false NOT NULL;