"""Prints the totals of an Allure report's widgets/summary.json as k=v words, sorted."""
import json
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    stat = json.load(f)["statistic"]
print(" ".join(f"{k}={stat[k]}" for k in sorted(stat)))
