// Configs shared by the tests: the git/docker/obsidian trio of the spec's scenarios, written as
// the plain objects a config author's YAML turns into.
import { type CLImaxConfig, ToolRegistry, validateConfig } from "../mod.ts";

function tools(prefix: string, names: string[]) {
  return names.map((name) => ({
    name: `${prefix}_${name}`,
    description: `${prefix} ${name.replaceAll("_", " ")}`,
    command: name.replaceAll("_", " "),
  }));
}

/** git-tools: 5 tools, category vcs. */
export const gitConfig: CLImaxConfig = validateConfig({
  name: "git-tools",
  description: "MCP tools for Git",
  command: "git",
  env: { GIT_PAGER: "cat" },
  category: "vcs",
  tags: ["version-control", "commits"],
  global_args: [{ name: "git_dir", flag: "--git-dir=", description: "Path to the repository" }],
  tools: [
    { name: "git_status", description: "Show the working tree status", command: "status" },
    {
      name: "git_log",
      description: "Show commit logs",
      command: "log",
      timeout: 60,
      args: [
        { name: "max_count", type: "integer", flag: "-n", default: 10, description: "Limit" },
        { name: "format", enum: ["oneline", "short", "full"], flag: "--format" },
      ],
    },
    {
      name: "git_commit",
      description: "Record changes to the repository",
      command: "commit",
      args: [{ name: "message", flag: "-m", required: true, description: "Commit message" }],
    },
    { name: "git_branch", description: "List, create, or delete branches", command: "branch" },
    {
      name: "git_diff",
      description: "Show changes between commits, commit and working tree",
      command: "diff",
      args: [{ name: "path", positional: true }],
    },
  ],
});

/** docker-tools: 8 tools, category containers. */
export const dockerConfig: CLImaxConfig = validateConfig({
  name: "docker-tools",
  description: "Docker container management",
  command: "docker",
  category: "containers",
  tags: ["docker", "containers"],
  tools: [
    { name: "docker_ps", description: "List running containers", command: "ps" },
    { name: "docker_images", description: "List images", command: "images" },
    { name: "docker_run", description: "Run a command in a new container", command: "run" },
    { name: "docker_stop", description: "Stop one or more running containers", command: "stop" },
    { name: "docker_logs", description: "Fetch the logs of a container", command: "logs" },
    { name: "docker_build", description: "Build an image from a Dockerfile", command: "build" },
    { name: "docker_pull", description: "Download an image from a registry", command: "pull" },
    {
      name: "docker_commit",
      description: "Create a new image from a container's changes",
      command: "commit",
    },
  ],
});

/** obsidian: 3 tools, no category and no tags. */
export const obsidianConfig: CLImaxConfig = validateConfig({
  name: "obsidian",
  description: "Obsidian vault tools",
  command: "obsidian-cli",
  tools: [
    { name: "obsidian_search", description: "Search notes in the vault", command: "search" },
    { name: "obsidian_open", description: "Open a note", command: "open" },
    { name: "obsidian_create", description: "Create a note", command: "create" },
  ],
});

/** A config of 40 generic tools, so that an index of all four holds 56 (50+) tools. */
export const bulkConfig: CLImaxConfig = validateConfig({
  name: "bulk",
  description: "Many small tools",
  command: "bulk",
  category: "misc",
  tags: ["bulk"],
  tools: tools("bulk", Array.from({ length: 40 }, (_, i) => `status_${i}`)),
});

/** The fields of a config in the Python original's order, which its JSON follows. */
export const CONFIG_FIELDS = [
  "name",
  "description",
  "command",
  "env",
  "working_dir",
  "category",
  "tags",
  "global_args",
  "tools",
];

/** A registry of `configs`, each in the namespace of its name, warnings left out. */
export function registryOf(configs: readonly CLImaxConfig[]): ToolRegistry {
  const registry = new ToolRegistry({ onWarning: () => {} });
  for (const config of configs) registry.registerConfig(config);
  return registry;
}
