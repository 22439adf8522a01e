//! Reading the GitHub workflows for the tests: every file under `.github/workflows/`, its jobs
//! and their steps, in order.
#![allow(dead_code)]

use cozcade_hosts_check::{read_text, repo_root};
use yaml_rust2::{Yaml, YamlLoader};

/// The workflow that builds, checks, signs and uploads the phone apps (called by the others).
pub const PHONE_APPS: &str = ".github/workflows/phone-apps.yml";
pub const RELEASE: &str = ".github/workflows/release.yml";
pub const PHONE_BUILDS: &str = ".github/workflows/phone-builds.yml";

/// One workflow file: its path, its text and its YAML.
pub struct Workflow {
    pub path: String,
    pub text: String,
    pub yaml: Yaml,
}

impl Workflow {
    pub fn read(path: &str) -> Workflow {
        let text = read_text(path).unwrap_or_else(|e| panic!("{e}"));
        let mut documents =
            YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{path} is not YAML: {e}"));
        assert_eq!(documents.len(), 1, "{path}: one document");
        Workflow {
            path: path.to_owned(),
            text,
            yaml: documents.remove(0),
        }
    }

    /// Every workflow in the repository.
    pub fn all() -> Vec<Workflow> {
        let dir = repo_root().join(".github/workflows");
        let mut paths: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(Result::ok)
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".yml") || name.ends_with(".yaml"))
            .map(|name| format!(".github/workflows/{name}"))
            .collect();
        paths.sort();
        assert!(!paths.is_empty(), "no workflows");
        paths.iter().map(|p| Workflow::read(p)).collect()
    }

    /// (job name, job) in order.
    pub fn jobs(&self) -> Vec<(String, &Yaml)> {
        self.yaml["jobs"]
            .as_hash()
            .map(|jobs| {
                jobs.iter()
                    .filter_map(|(name, job)| Some((name.as_str()?.to_owned(), job)))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn job(&self, name: &str) -> &Yaml {
        let job = &self.yaml["jobs"][name];
        assert!(!job.is_badvalue(), "{}: no job {name}", self.path);
        job
    }
}

/// A job's steps in order.
pub fn steps(job: &Yaml) -> Vec<&Yaml> {
    job["steps"]
        .as_vec()
        .map(|steps| steps.iter().collect())
        .unwrap_or_default()
}

/// A step's `run:` script, or "".
pub fn run(step: &Yaml) -> &str {
    step["run"].as_str().unwrap_or_default()
}

/// The index of the first step whose script contains `text`.
pub fn step_running(job: &Yaml, text: &str) -> Option<usize> {
    steps(job).iter().position(|step| run(step).contains(text))
}

/// Every job of every workflow, with the file's path: rules that hold wherever a job does
/// something (sign, upload) are checked in whichever file does it.
pub fn every_job(workflows: &[Workflow]) -> Vec<(String, String, &Yaml)> {
    workflows
        .iter()
        .flat_map(|w| {
            w.jobs()
                .into_iter()
                .map(move |(name, job)| (w.path.clone(), name, job))
        })
        .collect()
}

/// A value of `env:` of the job (or the workflow), as text.
pub fn env<'a>(workflow: &'a Workflow, job: &'a Yaml, name: &str) -> Option<&'a str> {
    job["env"][name]
        .as_str()
        .or_else(|| workflow.yaml["env"][name].as_str())
}

/// All `run:` scripts of a job, joined.
pub fn scripts(job: &Yaml) -> String {
    steps(job)
        .iter()
        .map(|s| run(s))
        .collect::<Vec<_>>()
        .join("\n")
}
