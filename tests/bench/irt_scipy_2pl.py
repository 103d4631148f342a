#!/usr/bin/python3
"""The 2PL counterpart of the shared 3PL reference (bench_irt runs both side by side with
Assay): joint ML of P = sigmoid(a(theta - b)) under Assay's default boxes, scipy's L-BFGS-B
from a = 1, b = 0, theta = 0 with the analytic gradient. Needs python3-scipy.

  /usr/bin/python3 irt_scipy_2pl.py --responses M.csv     (student,<items>; 0/1 cells)

Prints one JSON line: nll, iterations, seconds, message."""
import argparse, csv, json, time
import numpy as np
from scipy.optimize import minimize

parser = argparse.ArgumentParser()
parser.add_argument("--responses", required=True)
parser.add_argument("--bounds", default="default")
options = parser.parse_args()
with open(options.responses) as f:
    table = list(csv.reader(f))
Y = np.array([[float(cell) for cell in row[1:]] for row in table[1:]])
students, items = Y.shape


def objective(x):
    a, b, theta = x[:items], x[items:2 * items], x[2 * items:]
    z = a[None, :] * (theta[:, None] - b[None, :])
    # -log-likelihood of a logistic: log(1 + e^z) - y z, stably
    nll = (np.logaddexp(0.0, z) - Y * z).sum()
    residual = 1.0 / (1.0 + np.exp(-z)) - Y  # d nll / dz
    u = theta[:, None] - b[None, :]
    grad_a = (residual * u).sum(0)
    grad_b = -(residual * a[None, :]).sum(0)
    grad_theta = (residual * a[None, :]).sum(1)
    return nll, np.concatenate([grad_a, grad_b, grad_theta])


box = [(0.25, 4.0)] * items + [(-4.0, 4.0)] * items + [(-4.0, 4.0)] * students
start = np.concatenate([np.ones(items), np.zeros(items), np.zeros(students)])
began = time.time()
fit = minimize(objective, start, jac=True, method="L-BFGS-B", bounds=box,
               options=dict(maxiter=50000, maxfun=100000, ftol=1e-13, gtol=1e-8))
print(json.dumps({"nll": float(fit.fun), "iterations": int(fit.nit), "seconds": time.time() - began, "message": str(fit.message)}))
