DROP INDEX `posts_created_at_idx`;--> statement-breakpoint
CREATE INDEX `posts_created_at_idx` ON `posts` (`created_at`,`id`);