// The baseline of scripts/bench-allreduce.sh: MPI_Allreduce (sum) of N f32
// between the ranks of the job, timed as hlox-run --repeat times a run
// (median, min and max of REPEAT runs after one warm-up run).
//
//   mpicc -O2 allreduce.c -o allreduce && mpirun -np 2 ./allreduce N REPEAT
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (argc != 3) {
    fprintf(stderr, "usage: allreduce N REPEAT\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long n = atol(argv[1]);
  int repeat = atoi(argv[2]);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  float *in = malloc(n * sizeof(float)), *out = malloc(n * sizeof(float));
  double *times = malloc(repeat * sizeof(double));
  for (long i = 0; i < n; ++i)
    in[i] = (float)(i % 7) + rank;
  MPI_Allreduce(in, out, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  for (int r = 0; r < repeat; ++r) {
    double start = MPI_Wtime();
    MPI_Allreduce(in, out, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    times[r] = (MPI_Wtime() - start) * 1e6;
  }
  qsort(times, repeat, sizeof(double), compare);
  printf("rank %d: time per run: %.1f us median of %d runs (min %.1f, max "
         "%.1f)\n",
         rank, times[repeat / 2], repeat, times[0], times[repeat - 1]);
  free(in);
  free(out);
  free(times);
  MPI_Finalize();
  return 0;
}
