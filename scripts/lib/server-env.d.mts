export function seedDemoDefault(options: {
  env: Record<string, string | undefined>;
  embeddedDatabase: boolean;
}): string;
